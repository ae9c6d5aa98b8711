#!/usr/bin/env bash
# publint (strict) on the package as npm packs it, and attw on a packed tarball, under every
# resolution, node10 included (typesVersions maps the subpaths there). Used by check.sh (the
# package step) and by `npm run release:check`.
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball=${1:?usage: lint-tarball.sh PATH.tgz}
npx --no-install publint run . --strict --pack npm
npx --no-install attw "$tarball" --profile strict --format table-flipped
