#!/usr/bin/env bash
# Checks the package as users receive it: the packed tarball's contents, publint, attw, that
# import and require of every entry work from a clean install on this Node (the runtime smoke), and
# that it installs and type-checks next to msw 3, msw 2 and no msw.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.tmp/package
rm -rf "$out" && mkdir -p "$out"

tarball=$(npm pack --silent --pack-destination "$out" 2>/dev/null | tail -n 1)
echo "packed $tarball:"
tar -tzf "$out/$tarball" | sed 's/^package\//  /' | sort
if tar -tzf "$out/$tarball" | grep -Eq '(^package/(test|src|examples|bench|scripts)/|\.map$|fixtures)'; then
  echo "the tarball holds tests, sources, fixtures or source maps" >&2
  exit 1
fi

npx --no-install publint run . --strict --pack npm
# Every resolution, node10 included (typesVersions maps the subpaths there).
npx --no-install attw "$out/$tarball" --profile strict --format table-flipped

# A clean project that installs the tarball the way a user does, and the runtime matrix's smoke
# test on this Node by import and by require (scripts/runtimes/smoke-core.cjs: validation before
# any request, a round trip, a list across pages, signatures, the webhook handler, one error
# hierarchy across the entries). `npm run test:runtimes` runs the same smoke on every runtime.
node scripts/runtimes/run.mjs --only=this-node "--tarball=$out/$tarball"
app=.tmp/runtimes/app
# The `gateway-sdk` command is installed as the package's bin.
if ! tar -tzf "$out/$tarball" | grep -x 'package/dist/cli.js' >/dev/null; then
  echo "the tarball has no dist/cli.js, the gateway-sdk command" >&2
  exit 1
fi
(cd "$app" && npx --no-install gateway-sdk --help | head -n 1)

# The declarations under the strictest settings, every moduleResolution and both TypeScript versions.
node scripts/check-types.mjs "$app"

# Next to the msw a user has: the tarball installs (no --legacy-peer-deps) into an app that already
# has msw 3, one with msw 2 and one with no msw, and gateway-sdk/testing compiles in each with
# skipLibCheck false.
node scripts/check-msw-apps.mjs "$out/$tarball"
