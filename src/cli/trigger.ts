// `gateway-sdk trigger <event-type> --url URL`: one signed delivery, as the service sends it, and
// the receiver's answer printed (at most ANSWER_MAX_BYTES of it, escaped).
import { makeEvent, signedDelivery } from '../testing/index.js';
import { MOCK_API_VERSION } from '../testing/deliveries.js';
import { closest, EVENT_TYPES, isEventType } from './events.js';
import { dataOf, httpUrlOf, parse, printable, timeoutOf, UsageError } from './options.js';
import { TRIGGER_USAGE } from './usage.js';

/** How much of the receiver's answer is read and printed: a receiver's answer is a word or a line. */
export const ANSWER_MAX_BYTES = 65_536;

/** What `trigger` was asked to send, checked. */
interface TriggerRequest {
  type: string;
  url: URL;
  secret: string;
  timeoutMs: number;
  /** `--timeout` as given, for the message. */
  timeout: string;
  object: Record<string, unknown>;
}

/** Runs `gateway-sdk trigger …args`; resolves to the exit code. */
export async function trigger(args: string[], help: (text: string) => number): Promise<number> {
  const request = requestOf(args);
  if (request === undefined) return help(TRIGGER_USAGE);
  const event = makeEvent(request.type, request.object, { api_version: MOCK_API_VERSION });
  const delivery = await signedDelivery(event, request.secret);
  const signal = AbortSignal.timeout(request.timeoutMs);
  let answer: { response: Response; text: string; cut: boolean };
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      redirect: 'manual',
      signal,
    });
    answer = { response, ...(await readPrefix(response, ANSWER_MAX_BYTES)) };
  } catch (error) {
    process.stderr.write(`gateway-sdk trigger: ${failure(request, error, signal.aborted)}\n`);
    return 1;
  }
  const { response, text, cut } = answer;
  // The receiver's words are printed, never its terminal escapes.
  process.stdout.write(`${response.status} ${printable(response.statusText)}\n`);
  if (text !== '') process.stdout.write(`${printable(text)}\n`);
  if (cut)
    process.stderr.write(
      `gateway-sdk trigger: the answer was cut after ${ANSWER_MAX_BYTES / 1024} KiB; the rest was not read\n`,
    );
  process.stderr.write(
    `gateway-sdk trigger: sent ${event.type} ${event.id} to ${printable(request.url.href)}\n`,
  );
  return response.status >= 200 && response.status < 400 ? 0 : 1;
}

/** The arguments, checked; undefined for `--help`. */
function requestOf(args: string[]): TriggerRequest | undefined {
  const parsed = parse(
    'trigger',
    args,
    {
      url: { type: 'string' },
      secret: { type: 'string' },
      data: { type: 'string' },
      timeout: { type: 'string' },
    },
    true,
  );
  if (parsed === undefined) return undefined;
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
  const url = httpUrlOf('trigger', '--url', values.url);
  const secret = values.secret ?? process.env['GATEWAY_WEBHOOK_SECRET'];
  if (secret === undefined || secret === '')
    throw new UsageError(
      'trigger needs the webhook secret the receiver verifies with: set GATEWAY_WEBHOOK_SECRET ' +
        '(or pass --secret, which other users of this machine can see in ps).',
      TRIGGER_USAGE,
    );
  const timeoutMs = timeoutOf(values.timeout, 10);
  const object = values.data === undefined ? sampleObject(type) : dataOf(values.data);
  return { type, url, secret, timeoutMs, timeout: values.timeout ?? '10', object };
}

/**
 * The first `max` bytes of the answer, as text, and whether there was more: the rest is never
 * read (the body is cancelled), so a receiver that answers without end costs at most `max`.
 */
export async function readPrefix(response: Response, max: number): Promise<{ text: string; cut: boolean }> {
  if (response.body === null) return { text: '', cut: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), cut: false };
    const room = max - length;
    text += decoder.decode(value.subarray(0, room), { stream: true });
    length += Math.min(value.length, room);
    if (value.length > room || length === max) {
      // At the limit exactly, one more read tells whether anything follows.
      const more = value.length > room || !(await reader.read()).done;
      void reader.cancel().catch(() => undefined);
      return { text: text + decoder.decode(), cut: more };
    }
  }
}

/** The line for a delivery that got no answer. */
function failure(request: TriggerRequest, error: unknown, timedOut: boolean): string {
  if (timedOut)
    return `${printable(request.url.href)} gave no answer within ${request.timeout} s (--timeout).`;
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `could not reach ${printable(request.url.href)}${printable(cause)}. Is the receiver running?`;
}

/** A plausible `data.object` for an event type: a message in the status the type names. */
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
