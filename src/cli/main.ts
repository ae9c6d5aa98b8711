// The `gateway-sdk` command (package.json `bin`): `mock` serves the mock service on loopback,
// `trigger` sends one signed webhook delivery. Node only, so it lives apart from the web-API code
// of src/ (eslint.config.js allows node: imports here) and is built as its own tsup entry.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { makeEvent, signedDelivery, startMockServer } from '../testing/index.js';
import { MOCK_API_VERSION } from '../testing/deliveries.js';

const USAGE = `Usage:
  gateway-sdk mock [--port N] [--auto-advance] [--allow-origin ORIGIN]...
      Serves the mock service on http://127.0.0.1:N (default: a free port) with fresh keys, and
      prints the GATEWAY_* variables that point a Client at it. Only pages on localhost,
      127.0.0.1 and [::1] may call it from a browser; --allow-origin adds one more origin
      (e.g. https://app.example.test, or * for any). Webhook deliveries go to loopback
      addresses only. Ctrl-C stops it.
  GATEWAY_WEBHOOK_SECRET=SECRET gateway-sdk trigger <event-type> --url URL [--data JSON] [--timeout S]
      POSTs one signed delivery of <event-type> (e.g. message.delivered) to URL, signed with
      GATEWAY_WEBHOOK_SECRET (or --secret SECRET, which other users can see in ps) as the
      service signs them, and prints the receiver's answer. --data is the event's data.object
      (a JSON object). Gives up after --timeout seconds (default 10). Exits 0 on a 2xx or 3xx
      answer, 1 otherwise.
`;

/**
 * Control characters (C0 but tab and newline, DEL, C1) and bidirectional overrides in text that
 * comes from elsewhere: printed as `\x1b`, so no terminal escape or reordering gets through.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const printable = (text: string) =>
  text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command === 'mock') return mock(rest);
  if (command === 'trigger') return trigger(rest);
  throw new UsageError(`Unknown command ${JSON.stringify(command)}.`);
}

async function mock(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'auto-advance': { type: 'boolean', default: false },
      'allow-origin': { type: 'string', multiple: true },
    },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(
      `--port must be a port number from 0 to 65535 (got ${JSON.stringify(values.port)}).`,
    );
  // Fresh keys each start: the published defaults would let anything that knows them use the mock.
  const fresh = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
  const server = await startMockServer({
    port,
    autoAdvance: values['auto-advance'],
    allowedOrigins: values['allow-origin'] ?? [],
    apiKey: fresh('sk_live_mock_'),
    testApiKey: fresh('sk_test_mock_'),
    accessToken: fresh('at_mock_'),
  });
  const o = server.clientOptions;
  process.stdout.write(
    [
      `export GATEWAY_API_KEY=${o.apiKey}`,
      `export GATEWAY_TEST_API_KEY=${o.testApiKey}`,
      `export GATEWAY_ACCESS_TOKEN=${o.accessToken}`,
      `export GATEWAY_BASE_URL=${o.baseURL}`,
      `export GATEWAY_SANDBOX_BASE_URL=${o.sandboxBaseURL}`,
      '',
    ].join('\n'),
  );
  process.stderr.write(`gateway-sdk mock: listening on ${server.url} (Ctrl-C to stop)\n`);
  // Webhook deliveries of status changes go out as their attempts fall due.
  const timer = setInterval(() => void server.mock.runDeliveries().catch(() => undefined), 1000);
  return new Promise<number>((resolve) => {
    const stop = () => {
      clearInterval(timer);
      server.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

function sampleObject(type: string): Record<string, unknown> {
  if (!type.startsWith('message.')) return { id: 'obj_mock' };
  const status = type.slice('message.'.length);
  const at = new Date().toISOString();
  return {
    id: 'msg_00000001',
    to: '447700900123',
    from: 'GATEWAY',
    body: 'Hello from gateway-sdk trigger',
    status,
    created_at: at,
    route: 'transactional',
    segments: 1,
    cost: 0.05,
    scheduled_at: null,
    sent_at: status === 'queued' ? null : at,
    delivered_at: status === 'delivered' ? at : null,
    error_code: status === 'failed' ? 'number_unreachable' : null,
  };
}

async function trigger(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      secret: { type: 'string' },
      data: { type: 'string' },
      timeout: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [type, ...extra] = positionals;
  if (type === undefined || !/^[a-z_]+(\.[a-z_]+)+$/.test(type))
    throw new UsageError('trigger needs an event type such as message.delivered.');
  if (extra.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(extra[0])}.`);
  if (values.url === undefined) throw new UsageError('trigger needs --url, the receiver to POST to.');
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(`--url must be an absolute http(s) URL (got ${JSON.stringify(values.url)}).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError('--url must be an http:// or https:// URL.');
  const secret = values.secret ?? process.env['GATEWAY_WEBHOOK_SECRET'];
  if (secret === undefined || secret === '')
    throw new UsageError(
      'trigger needs the webhook secret the receiver verifies with: set GATEWAY_WEBHOOK_SECRET ' +
        '(or pass --secret, which other users of this machine can see in ps).',
    );
  const timeout = values.timeout === undefined ? 10 : Number(values.timeout);
  if (!(timeout > 0) || timeout > 86_400)
    throw new UsageError(
      `--timeout must be a number of seconds above 0 (got ${JSON.stringify(values.timeout)}).`,
    );
  let object: Record<string, unknown> = sampleObject(type);
  if (values.data !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.data);
    } catch {
      throw new UsageError('--data must be JSON, e.g. --data \'{"id":"msg_1","status":"delivered"}\'.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new UsageError("--data must be a JSON object (the event's data.object).");
    object = parsed as Record<string, unknown>;
  }
  const event = makeEvent(type, object, { api_version: MOCK_API_VERSION });
  const delivery = await signedDelivery(event, secret);
  const signal = AbortSignal.timeout(timeout * 1000);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      redirect: 'manual',
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) {
      process.stderr.write(
        `gateway-sdk trigger: ${printable(url.href)} gave no answer within ${timeout} s (--timeout).\n`,
      );
      return 1;
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    process.stderr.write(
      `gateway-sdk trigger: could not reach ${printable(url.href)}${printable(cause)}. Is the receiver running?\n`,
    );
    return 1;
  }
  // The receiver's words are printed, never its terminal escapes.
  process.stdout.write(`${response.status} ${printable(response.statusText)}\n`);
  if (text !== '') process.stdout.write(`${printable(text)}\n`);
  process.stderr.write(`gateway-sdk trigger: sent ${event.type} ${event.id} to ${printable(url.href)}\n`);
  return response.status >= 200 && response.status < 400 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      process.stderr.write(`gateway-sdk: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`gateway-sdk: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
