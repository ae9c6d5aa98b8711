#!/usr/bin/env bash
# Checks the package as users receive it: the packed tarball's contents, publint, attw, and that
# import and require of every entry work from a clean install on this Node.
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
npx --no-install attw "$out/$tarball" --profile node16 --format table-flipped

# A clean project that installs the tarball the way a user does.
app="$out/app"
mkdir -p "$app"
(cd "$app" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "../$tarball" msw@^2 >/dev/null)
cat > "$app/smoke.mjs" <<'JS'
import { Client, ValidationError } from 'gateway-sdk';
import { Webhooks } from 'gateway-sdk/webhooks';
import { createMockService } from 'gateway-sdk/testing';
const client = new Client({ apiKey: 'k', baseURL: 'https://api.example.com' });
const error = await client.sms.messages.create({ to: 'nope', message: '' }).catch((e) => e);
if (!(error instanceof ValidationError)) throw new Error('import: validation did not reject');
if ((await Webhooks.sign('body', 'secret')).length !== 64) throw new Error('import: sign failed');
if (typeof createMockService !== 'function') throw new Error('import: testing entry broken');
console.log('import: gateway-sdk, gateway-sdk/webhooks, gateway-sdk/testing ok');
JS
cat > "$app/smoke.cjs" <<'JS'
const { Client, ValidationError } = require('gateway-sdk');
const { Webhooks } = require('gateway-sdk/webhooks');
const { createMockService } = require('gateway-sdk/testing');
(async () => {
  const client = new Client({ apiKey: 'k', baseURL: 'https://api.example.com' });
  const error = await client.sms.messages.create({ to: 'nope', message: '' }).catch((e) => e);
  if (!(error instanceof ValidationError)) throw new Error('require: validation did not reject');
  if ((await Webhooks.sign('body', 'secret')).length !== 64) throw new Error('require: sign failed');
  if (typeof createMockService !== 'function') throw new Error('require: testing entry broken');
  console.log('require: gateway-sdk, gateway-sdk/webhooks, gateway-sdk/testing ok');
})().catch((e) => { console.error(e); process.exit(1); });
JS
(cd "$app" && node smoke.mjs && node smoke.cjs)
