// The `gateway-sdk` command (package.json `bin`): `mock` serves the mock service on loopback,
// `trigger` sends one signed webhook delivery. Node only, so it lives apart from the web-API code
// of src/ (eslint.config.js allows node: imports here) and is built as its own tsup entry.
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { escapeControls } from '../core/text.js';
import { makeEvent, type RouteTimeline, signedDelivery, startMockServer } from '../testing/index.js';
import { MOCK_API_VERSION } from '../testing/deliveries.js';
import { Webhooks } from '../webhooks.js';
import { recordRefusals, SIGNATURE_REASONS } from './answers.js';
import { closest, EVENT_TYPES, isEventType } from './events.js';
import { deliveryLine } from './report.js';
import { MOCK_USAGE, TRIGGER_USAGE, USAGE } from './usage.js';

/** Text from elsewhere, printed whole but with no terminal escape or reordering (core/text.ts). */
const printable = escapeControls;

/**
 * A mistake in the command line, exit 2: printed with the usage of `usage`, or alone when `usage`
 * is null (the message then says where the usage is).
 */
class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string | null = USAGE,
  ) {
    super(message);
  }
}

const COMMANDS = { mock: MOCK_USAGE, trigger: TRIGGER_USAGE } as const;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('Name a command.');
  if (command === '--help' || command === '-h') return help(USAGE);
  if (command === 'help') {
    const topic = rest[0];
    return help(topic !== undefined && topic in COMMANDS ? COMMANDS[topic as keyof typeof COMMANDS] : USAGE);
  }
  if (command === 'mock') return mock(rest);
  if (command === 'trigger') return trigger(rest);
  const near = closest(command, Object.keys(COMMANDS));
  throw new UsageError(
    `Unknown command ${JSON.stringify(printable(command))}${near === undefined ? '' : `; did you mean ${near}?`}`,
  );
}

function help(text: string): number {
  process.stdout.write(text);
  return 0;
}

/**
 * Parses a command's arguments; `--help` or `-h` anywhere (before `--`) wins over every other
 * argument, right or wrong, so that `gateway-sdk trigger --help` explains rather than complains.
 */
function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: O,
  usage: string,
  allowPositionals = false,
) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  const { tokens } = parseArgs({ args, options: all, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return undefined;
  // An unknown option is a typo far more often than not: one line naming the closest, rather than
  // node's advice about positionals and the whole usage, which buried the one word that was wrong.
  const unknown = tokens.find((t) => t.kind === 'option' && !Object.hasOwn(all, t.name));
  if (unknown?.kind === 'option') {
    const near = closest(unknown.name, Object.keys(all));
    throw new UsageError(
      `Unknown option ${printable(unknown.rawName)}` +
        `${near === undefined ? '' : `; did you mean --${near}?`} (gateway-sdk ${command} --help lists the options)`,
      null,
    );
  }
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usage);
  }
}

/**
 * The CLI's `--auto-advance` steps, quicker than the reference's targets (ROUTE_TIMELINE_MS) so a
 * local loop sees `message.delivered` in seconds: every route is delivered within 3 s of creation.
 */
const CLI_TIMELINE: Record<'otp' | 'transactional' | 'promotional', RouteTimeline> = {
  otp: { sent: 200, final: 700 },
  transactional: { sent: 500, final: 1_500 },
  promotional: { sent: 1_000, final: 3_000 },
};

/** How often the CLI looks for status changes and deliveries due. */
const POLL_MS = 100;

function forwardUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--forward-to must be an absolute http(s) URL such as http://127.0.0.1:3000/webhooks (got ${JSON.stringify(printable(value))}).`,
      MOCK_USAGE,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError('--forward-to must be an http:// or https:// URL.', MOCK_USAGE);
  if (url.username !== '' || url.password !== '')
    throw new UsageError('--forward-to must not carry a user name or password.', MOCK_USAGE);
  return url.href;
}

async function mock(args: string[]): Promise<number> {
  const parsed = parse(
    'mock',
    args,
    {
      port: { type: 'string' },
      'auto-advance': { type: 'boolean', default: false },
      'forward-to': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      secret: { type: 'string' },
      'env-file': { type: 'string' },
    },
    MOCK_USAGE,
  );
  if (parsed === undefined) return help(MOCK_USAGE);
  const { values } = parsed;
  const forwardTo = forwardUrl(values['forward-to']);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(
      `--port must be a port number from 0 to 65535 (got ${JSON.stringify(values.port)}).`,
      MOCK_USAGE,
    );
  // Fresh keys each start: the published defaults would let anything that knows them use the mock.
  const fresh = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;
  // Signs what goes to --forward-to and to a message's callback_url, as a webhook's secret does.
  // Kept across restarts when given: a fresh one each start broke a receiver that was still running.
  const secret = webhookSecret(values.secret) ?? fresh('whsec_');
  const envFile = values['env-file'];
  const print = (line: string) => process.stderr.write(`${line}\n`);
  const notSent = new Set<string>();
  const refusals = recordRefusals(Webhooks.SIGNATURE_HEADER);
  let secretAdviceGiven = false;
  const server = await startMockServer({
    port,
    autoAdvance: values['auto-advance'],
    routeTimeline: CLI_TIMELINE,
    allowedOrigins: values['allow-origin'] ?? [],
    apiKey: fresh('sk_live_mock_'),
    testApiKey: fresh('sk_test_mock_'),
    accessToken: fresh('at_mock_'),
    callbackSecret: secret,
    forward: forwardTo === undefined ? undefined : { url: forwardTo, secret },
    onAttempt: (delivery, cause) => {
      // One "not sent" line per URL: the seeded webhook (https://example.com) would repeat it for every event.
      if (delivery.state === 'not_sent') {
        if (notSent.has(delivery.url)) return;
        notSent.add(delivery.url);
      }
      const reason = refusals.take(delivery.signature);
      print(printable(deliveryLine(delivery, cause, forwardTo, new Date(), reason)));
      // Said once: every later delivery is refused for the same reason, and the line shows it.
      if (!secretAdviceGiven && (SIGNATURE_REASONS as readonly (string | undefined)[]).includes(reason)) {
        secretAdviceGiven = true;
        print(
          "gateway-sdk mock: the receiver's webhook secret differs from the mock's. Give the receiver " +
            "this mock's GATEWAY_WEBHOOK_SECRET, or start the mock with the receiver's: " +
            'GATEWAY_WEBHOOK_SECRET=whsec_… gateway-sdk mock (or --secret whsec_…).',
        );
      }
    },
  });
  const o = server.clientOptions;
  const exports = [
    `export GATEWAY_API_KEY=${o.apiKey}`,
    `export GATEWAY_TEST_API_KEY=${o.testApiKey}`,
    `export GATEWAY_ACCESS_TOKEN=${o.accessToken}`,
    `export GATEWAY_BASE_URL=${o.baseURL}`,
    `export GATEWAY_SANDBOX_BASE_URL=${o.sandboxBaseURL}`,
    `export GATEWAY_WEBHOOK_SECRET=${secret}`,
    '',
  ].join('\n');
  if (envFile === undefined) process.stdout.write(exports);
  else {
    try {
      await writePrivate(envFile, exports);
    } catch (error) {
      refusals.restore();
      await server.close();
      throw new Error(
        `could not write --env-file ${printable(envFile)}: ${printable(error instanceof Error ? error.message : String(error))}. Name a file in a directory you can write to.`,
      );
    }
    print(`gateway-sdk mock: wrote the GATEWAY_* variables to ${printable(resolve(envFile))} (mode 0600)`);
  }
  print(`gateway-sdk mock: listening on ${server.url} (Ctrl-C to stop)`);
  if (forwardTo !== undefined)
    print(
      `gateway-sdk mock: forwarding every event to ${printable(forwardTo)}, signed with GATEWAY_WEBHOOK_SECRET`,
    );
  // Without it only message.queued is ever forwarded, and a receiver waiting for the rest saw nothing.
  if (forwardTo !== undefined && !values['auto-advance'])
    print(
      'gateway-sdk mock: messages stay queued until advanced; add --auto-advance to have them sent and delivered within 3 s',
    );
  // Status changes and the deliveries due go out every POLL_MS, one run at a time (a slow
  // receiver delays the next run rather than piling runs up). A run that fails says so.
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    server.mock
      .runDeliveries()
      .catch((error: unknown) =>
        print(
          `gateway-sdk mock: delivering webhooks failed: ${printable(error instanceof Error ? error.message : String(error))}`,
        ),
      )
      .finally(() => (running = false));
  }, POLL_MS);
  return new Promise<number>((resolve) => {
    const stop = () => {
      clearInterval(timer);
      refusals.restore();
      server.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The form of a webhook secret: `whsec_` and at least 16 letters, digits, `_` or `-`. */
const SECRET_FORM = /^whsec_[A-Za-z0-9_-]{16,}$/;

/**
 * The webhook secret from `--secret`, else GATEWAY_WEBHOOK_SECRET, when either is set; refused
 * (without being printed) when it is not of SECRET_FORM, so that a stray value is not signed with.
 */
function webhookSecret(option: string | undefined): string | undefined {
  const fromEnv = process.env['GATEWAY_WEBHOOK_SECRET'];
  const [value, name] =
    option !== undefined
      ? [option, '--secret']
      : [fromEnv === '' ? undefined : fromEnv, 'GATEWAY_WEBHOOK_SECRET'];
  if (value === undefined) return undefined;
  if (!SECRET_FORM.test(value))
    throw new UsageError(
      `${name} must be whsec_ followed by at least 16 letters, digits, _ or - (such as the ` +
        `GATEWAY_WEBHOOK_SECRET an earlier start printed); ${name === '--secret' ? 'drop' : 'unset'} it for a fresh one.`,
      null,
    );
  return value;
}

/** Writes `text` to `path`, readable by its owner only: it holds the mock's keys and secret. */
async function writePrivate(path: string, text: string): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    // The mode of open() applies to a new file only: an existing one is narrowed before writing.
    await file.chmod(0o600);
    await file.writeFile(text);
  } finally {
    await file.close();
  }
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
  const parsed = parse(
    'trigger',
    args,
    {
      url: { type: 'string' },
      secret: { type: 'string' },
      data: { type: 'string' },
      timeout: { type: 'string' },
    },
    TRIGGER_USAGE,
    true,
  );
  if (parsed === undefined) return help(TRIGGER_USAGE);
  const { values, positionals } = parsed;
  const [type, ...extra] = positionals;
  if (type === undefined)
    throw new UsageError('trigger needs an event type such as message.delivered.', TRIGGER_USAGE);
  // The service sends these names only: a typo would test a receiver against an event that never comes.
  if (!isEventType(type)) {
    const near = closest(type, EVENT_TYPES);
    throw new UsageError(
      `The service sends no ${JSON.stringify(printable(type))} event` +
        (near === undefined ? '; see the event types below.' : `; did you mean ${near}?`),
      TRIGGER_USAGE,
    );
  }
  if (extra.length > 0)
    throw new UsageError(`Unexpected argument ${JSON.stringify(printable(extra[0] ?? ''))}.`, TRIGGER_USAGE);
  if (values.url === undefined)
    throw new UsageError('trigger needs --url, the receiver to POST to.', TRIGGER_USAGE);
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(
      `--url must be an absolute http(s) URL (got ${JSON.stringify(printable(values.url))}).`,
      TRIGGER_USAGE,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError('--url must be an http:// or https:// URL.', TRIGGER_USAGE);
  const secret = values.secret ?? process.env['GATEWAY_WEBHOOK_SECRET'];
  if (secret === undefined || secret === '')
    throw new UsageError(
      'trigger needs the webhook secret the receiver verifies with: set GATEWAY_WEBHOOK_SECRET ' +
        '(or pass --secret, which other users of this machine can see in ps).',
      TRIGGER_USAGE,
    );
  const timeout = values.timeout === undefined ? 10 : Number(values.timeout);
  if (!(timeout > 0) || timeout > 86_400)
    throw new UsageError(
      `--timeout must be a number of seconds above 0 (got ${JSON.stringify(values.timeout)}).`,
      TRIGGER_USAGE,
    );
  let object: Record<string, unknown> = sampleObject(type);
  if (values.data !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.data);
    } catch {
      throw new UsageError(
        '--data must be JSON, e.g. --data \'{"id":"msg_1","status":"delivered"}\'.',
        TRIGGER_USAGE,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new UsageError("--data must be a JSON object (the event's data.object).", TRIGGER_USAGE);
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
    if (error instanceof UsageError) {
      process.stderr.write(
        `gateway-sdk: ${error.message}\n${error.usage === null ? '' : `\n${error.usage}`}`,
      );
      process.exitCode = 2;
    } else {
      process.stderr.write(`gateway-sdk: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
