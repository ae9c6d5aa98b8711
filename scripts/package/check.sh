#!/usr/bin/env bash
# Checks the package as users receive it: the packed tarball's contents, publint, attw, that
# import and require of every entry work from a clean install on this Node (the runtime smoke), and
# that it installs and type-checks next to msw 3, msw 2 and no msw.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.tmp/package
rm -rf "$out" && mkdir -p "$out"

tarball=$(npm pack --silent --pack-destination "$out" 2>/dev/null | tail -n 1)
echo "packed $tarball:"
tar -tzf "$out/$tarball" | sed 's/^package\//  /' | sort
if tar -tzf "$out/$tarball" | grep -Eq '(^package/(test|src|examples|bench|scripts)/|\.map$|fixtures)'; then
  echo "the tarball holds tests, sources, fixtures or source maps" >&2
  exit 1
fi

bash scripts/package/lint-tarball.sh "$out/$tarball"

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
node scripts/package/published-types.mjs "$app"

# Nothing installed for nothing (issue 21): ky and zod are bundled into dist/, so the package has
# no runtime dependency, its declarations name neither, and their licences ship with it.
if node -e 'const p = require("./package.json"); process.exit(Object.keys(p.dependencies ?? {}).length ? 1 : 0)'; then
  echo "no runtime dependency in package.json"
else
  echo "package.json lists runtime dependencies: bundle them (tsup noExternal) instead" >&2
  exit 1
fi
if grep -El "(from|import)\s*\(?\s*['\"](ky|zod)(/[^'\"]*)?['\"]|require\(\s*['\"](ky|zod)(/[^'\"]*)?['\"]" dist/*.d.ts dist/*.d.cts dist/testing/*.d.ts dist/testing/*.d.cts dist/testing/msw/*.d.ts dist/testing/msw/*.d.cts; then
  echo "the declarations above import ky or zod: declare the types in src/ instead" >&2
  exit 1
fi
echo "dist/*.d.ts and *.d.cts import neither ky nor zod"
# msw is an optional peer: only gateway-sdk/testing/msw may name it, in its code and its declarations.
if grep -El "(from|import)\s*\(?\s*['\"]msw(/[^'\"]*)?['\"]|require\(\s*['\"]msw(/[^'\"]*)?['\"]" dist/*.js dist/*.cjs dist/*.d.ts dist/*.d.cts dist/testing/*.js dist/testing/*.cjs dist/testing/*.d.ts dist/testing/*.d.cts; then
  echo "the files above import msw: only dist/testing/msw/ may (gateway-sdk/testing/msw)" >&2
  exit 1
fi
echo "only dist/testing/msw/ imports msw"
licences=$(tar -xzOf "$out/$tarball" package/dist/THIRD-PARTY-LICENSES 2>/dev/null || true)
for dep in ky zod; do
  if ! grep -q "^$dep@.*(MIT)" <<<"$licences" || ! grep -q "Permission is hereby granted" <<<"$licences"; then
    echo "the tarball's dist/THIRD-PARTY-LICENSES lacks $dep's licence (npm run build writes it)" >&2
    exit 1
  fi
done
echo "dist/THIRD-PARTY-LICENSES holds the licences of ky and zod"

# An app with only gateway-sdk installed from the tarball: nothing else in node_modules, at most 2 MB.
only=$out/app-only
rm -rf "$only" && mkdir -p "$only"
(cd "$only" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent "../$tarball" >/dev/null)
others=$(cd "$only/node_modules" && ls -A | grep -Ev '^(gateway-sdk|\.bin|\.package-lock\.json)$' || true)
if [ -n "$others" ]; then
  echo "installing gateway-sdk also installed: $others" >&2
  exit 1
fi
bytes=$(du -sb "$only/node_modules" | cut -f1)
echo "an app with only gateway-sdk: ${bytes} B in node_modules (at most 2097152)"
if [ "$bytes" -gt 2097152 ]; then
  echo "node_modules of an app with only gateway-sdk is over 2 MB" >&2
  exit 1
fi
# Next to the msw a user has: the tarball installs (no --legacy-peer-deps) into an app that already
# has msw 3, one with msw 2 and one with no msw, and gateway-sdk/testing compiles in each with
# skipLibCheck false.
node scripts/package/msw-apps.mjs "$out/$tarball"
