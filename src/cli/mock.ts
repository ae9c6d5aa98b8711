// `gateway-sdk mock`: the mock service on loopback with fresh keys, the GATEWAY_* lines that point a
// Client and a receiver at it, and one line per webhook delivery attempt.
import { randomBytes } from 'node:crypto';
import { type MockServer, type RouteTimeline, startMockServer } from '../testing/index.js';
import { Webhooks } from '../webhooks.js';
import { recordRefusals, SIGNATURE_REASONS } from './answers.js';
import { checkEnvTarget, writeEnvFile } from './env-file.js';
import {
  type EnvTarget,
  envTargetOf,
  httpUrlOf,
  originOf,
  parse,
  portOf,
  printable,
  printableLine,
  UsageError,
  webhookSecret,
} from './options.js';
import { deliveryLine } from './report.js';
import { MOCK_USAGE } from './usage.js';

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

/** What `mock` was asked to do, checked. */
interface MockSettings {
  port: number;
  autoAdvance: boolean;
  /** Each --forward-to URL, in the order given, each once. */
  forwardTo: string[];
  allowedOrigins: string[];
  secret: string;
  envFile: EnvTarget | undefined;
}

const print = (line: string) => process.stderr.write(`${line}\n`);

/** Runs `gateway-sdk mock …args` until Ctrl-C; resolves to the exit code. */
export async function mock(args: string[], help: (text: string) => number): Promise<number> {
  const settings = settingsOf(args);
  if (settings === undefined) return help(MOCK_USAGE);
  // Before the server starts: a path the mock may not write to ends the start with nothing bound.
  const { envFile } = settings;
  if (envFile !== undefined) await explained(envFile, () => checkEnvTarget(envFile));
  const refusals = recordRefusals(Webhooks.SIGNATURE_HEADER);
  const server = await startMockServer({
    port: settings.port,
    autoAdvance: settings.autoAdvance,
    routeTimeline: CLI_TIMELINE,
    allowedOrigins: settings.allowedOrigins,
    apiKey: fresh('sk_live_mock_'),
    testApiKey: fresh('sk_test_mock_'),
    accessToken: fresh('at_mock_'),
    callbackSecret: settings.secret,
    forward: settings.forwardTo.map((url) => ({ url, secret: settings.secret })),
    onAttempt: attemptPrinter(settings.forwardTo, refusals.take),
  });
  try {
    await announce(server, settings);
  } catch (error) {
    refusals.restore();
    await server.close();
    throw error;
  }
  return serveUntilStopped(server, refusals.restore);
}

/** The arguments, checked; undefined for `--help`. */
function settingsOf(args: string[]): MockSettings | undefined {
  const parsed = parse('mock', args, {
    port: { type: 'string' },
    'auto-advance': { type: 'boolean', default: false },
    'forward-to': { type: 'string', multiple: true },
    'allow-origin': { type: 'string', multiple: true },
    secret: { type: 'string' },
    'write-env': { type: 'string' },
    'env-file': { type: 'string' },
    force: { type: 'boolean', default: false },
  });
  if (parsed === undefined) return undefined;
  const { values } = parsed;
  return {
    port: portOf(values.port),
    autoAdvance: values['auto-advance'],
    // Each receiver gets each delivery once: a URL given twice is one receiver.
    forwardTo: [
      ...new Set((values['forward-to'] ?? []).map((url) => httpUrlOf('mock', '--forward-to', url).href)),
    ],
    allowedOrigins: (values['allow-origin'] ?? []).map(originOf),
    // Signs what goes to --forward-to and to a message's callback_url, as a webhook's secret does.
    // Kept across restarts when given: a fresh one each start broke a receiver still running.
    secret: webhookSecret(values.secret, process.env['GATEWAY_WEBHOOK_SECRET']) ?? fresh('whsec_'),
    envFile: envTargetOf(values['write-env'], values['env-file'], values.force),
  };
}

// Fresh keys each start: the published defaults would let anything that knows them use the mock.
const fresh = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** Prints a line per delivery attempt, and once the advice for a receiver with another secret. */
function attemptPrinter(
  forwardTo: readonly string[],
  reasonOf: (signature: string) => string | undefined,
): NonNullable<Parameters<typeof startMockServer>[0]>['onAttempt'] {
  const notSent = new Set<string>();
  let secretAdviceGiven = false;
  return (delivery, cause) => {
    // One "not sent" line per URL: the seeded webhook (https://example.com) would repeat it for every event.
    if (delivery.state === 'not_sent') {
      if (notSent.has(delivery.url)) return;
      notSent.add(delivery.url);
    }
    const reason = reasonOf(delivery.signature);
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
  };
}

/** Prints (or writes to --write-env) the GATEWAY_* lines, then where the mock listens. */
async function announce(server: MockServer, settings: MockSettings): Promise<void> {
  const o = server.clientOptions;
  const exports = [
    `export GATEWAY_API_KEY=${o.apiKey}`,
    `export GATEWAY_TEST_API_KEY=${o.testApiKey}`,
    `export GATEWAY_ACCESS_TOKEN=${o.accessToken}`,
    `export GATEWAY_BASE_URL=${o.baseURL}`,
    `export GATEWAY_SANDBOX_BASE_URL=${o.sandboxBaseURL}`,
    `export GATEWAY_WEBHOOK_SECRET=${settings.secret}`,
    '',
  ].join('\n');
  const { envFile, forwardTo } = settings;
  if (envFile === undefined) process.stdout.write(exports);
  else {
    const written = await explained(envFile, () => writeEnvFile(envFile, exports));
    print(`gateway-sdk mock: wrote the GATEWAY_* variables to ${printableLine(written)} (mode 0600)`);
  }
  print(`gateway-sdk mock: listening on ${server.url} (Ctrl-C to stop)`);
  if (forwardTo.length > 0)
    print(
      `gateway-sdk mock: forwarding every event to ${forwardTo.map(printable).join(' and ')}, signed with GATEWAY_WEBHOOK_SECRET`,
    );
  // Without it only message.queued is ever forwarded, and a receiver waiting for the rest saw nothing.
  if (forwardTo.length > 0 && !settings.autoAdvance)
    print(
      'gateway-sdk mock: messages stay queued until advanced; add --auto-advance to have them sent and delivered within 3 s',
    );
}

/**
 * Runs status changes and the deliveries due every POLL_MS, one run at a time (a slow receiver
 * delays the next run rather than piling runs up; within a run deliveries go concurrently), until
 * SIGINT or SIGTERM. Closing the server ends the deliveries in flight, so the stop is immediate.
 */
function serveUntilStopped(server: MockServer, restore: () => void): Promise<number> {
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
      restore();
      server.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Runs `step` on the env file; a failure of the file system says which file and what to do. */
async function explained<T>(target: EnvTarget, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new Error(
      `could not write ${target.option} ${printableLine(target.path)}: ${printableLine(error instanceof Error ? error.message : String(error))}. Name a file in a directory you can write to.`,
    );
  }
}
