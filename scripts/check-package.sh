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
# Every resolution, node10 included (typesVersions maps the subpaths there).
npx --no-install attw "$out/$tarball" --profile strict --format table-flipped

# A clean project that installs the tarball the way a user does.
app="$out/app"
mkdir -p "$app"
(cd "$app" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "../$tarball" msw@^2 >/dev/null)
# Each smoke does a real round trip (validation alone would not prove the bundle can send),
# checks a signature, and that errors from the two entries are the same classes.
cat > "$app/smoke-body.js" <<'JS'
async function smoke({ Client, ValidationError, GatewayError, WebhookVerificationError, Webhooks, startMockServer }, how) {
  const server = await startMockServer();
  try {
    const client = new Client(server.clientOptions);
    const error = await client.sms.messages.create({ to: 'nope', message: '' }).catch((e) => e);
    if (!(error instanceof ValidationError)) throw new Error(`${how}: validation did not reject`);
    // From plain JavaScript, a near miss of a documented field is refused by name, before any request.
    let requests = 0;
    const counting = new Client({ ...server.clientOptions, fetch: (...a) => (requests++, fetch(...a)) });
    const inAnHour = new Date(Date.now() + 3_600_000);
    const typo = await counting.sms.messages.create({ to: '447700900123', message: 'hi', scheduleAt: inAnHour }).catch((e) => e);
    if (!(typo instanceof ValidationError) || !/schedule_at/.test(typo.message) || requests !== 0)
      throw new Error(`${how}: scheduleAt was not refused naming schedule_at before sending`);
    const sent = await client.sms.messages.create({ to: '+447700900123', message: 'hello' });
    const again = await client.sms.messages.retrieve(sent.id);
    if (again.id !== sent.id) throw new Error(`${how}: round trip failed`);
    const signature = await Webhooks.sign('{"a":1}', 'whsec_x');
    if (!(await Webhooks.verify('{"a":1}', signature, 'whsec_x'))) throw new Error(`${how}: verify failed`);
    const refused = await Webhooks.constructEvent('{}', signature, 'whsec_x').catch((e) => e);
    if (!(refused instanceof WebhookVerificationError) || !(refused instanceof GatewayError)) {
      throw new Error(`${how}: an error from gateway-sdk/webhooks is not an instance of the classes of gateway-sdk`);
    }
    console.log(`${how}: gateway-sdk, gateway-sdk/webhooks, gateway-sdk/testing ok (sent ${sent.id} over loopback)`);
  } finally {
    await server.close();
  }
}
JS
{
  echo "import { Client, ValidationError, GatewayError, WebhookVerificationError } from 'gateway-sdk';"
  echo "import { Webhooks } from 'gateway-sdk/webhooks';"
  echo "import { startMockServer } from 'gateway-sdk/testing';"
  cat "$app/smoke-body.js"
  echo "await smoke({ Client, ValidationError, GatewayError, WebhookVerificationError, Webhooks, startMockServer }, 'import');"
} > "$app/smoke.mjs"
{
  echo "const { Client, ValidationError, GatewayError, WebhookVerificationError } = require('gateway-sdk');"
  echo "const { Webhooks } = require('gateway-sdk/webhooks');"
  echo "const { startMockServer } = require('gateway-sdk/testing');"
  cat "$app/smoke-body.js"
  echo "smoke({ Client, ValidationError, GatewayError, WebhookVerificationError, Webhooks, startMockServer }, 'require').catch((e) => { console.error(e); process.exit(1); });"
} > "$app/smoke.cjs"
(cd "$app" && node smoke.mjs && node smoke.cjs)
# The `gateway-sdk` command is installed as the package's bin.
if ! tar -tzf "$out/$tarball" | grep -x 'package/dist/cli.js' >/dev/null; then
  echo "the tarball has no dist/cli.js, the gateway-sdk command" >&2
  exit 1
fi
(cd "$app" && npx --no-install gateway-sdk --help | head -n 1)

# The declarations under the strictest settings, every moduleResolution and both TypeScript versions.
node scripts/check-types.mjs "$app"
