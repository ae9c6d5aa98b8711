// The receiver every user would otherwise write by hand: raw body, verify, parse, route by type,
// de-duplicate by event id, and answer with the status the service's retry rules call for
// (the API reference's "Retry rules": 4xx is never redelivered, 5xx is retried for up to 7
// days). Fetch API in and out, so it runs unchanged wherever `Request` and `Response` exist.

import { ConfigurationError, WebhookVerificationError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { EVENT_LIFETIME_SECONDS, type DedupeStore } from './dedupe.js';
import type { WebhookEnvelope, WebhookEvent, WebhookEventType } from './events.js';
import { defaultHmac } from './hmac.js';
import { memoryStore } from './memory-store.js';
import { createWebhooks, SIGNATURE_HEADER, type WebhooksApi } from './verifier.js';

/** The event of one known type, e.g. `WebhookEventOf<'message.delivered'>` carries a `WebhookMessage`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, WebhookEnvelope<T, unknown>>;

/** One typed function per event type; a type without one is acknowledged unhandled (or goes to `onEvent`). */
export type WebhookEventHandlers = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>) => unknown;
};

/**
 * What the handler answered, as the text of its response body: 200 `handled`, `duplicate` or
 * `unsubscribed`; 400 a signature reason, `invalid_payload` or `event_too_old`; 405
 * `method_not_allowed`; 413 `payload_too_large`; 500 `invalid_secret`, `handler_failed` or
 * `dedupe_failed`; 503 `in_progress`.
 */
export type WebhookHandlerOutcome =
  | 'handled'
  | 'duplicate'
  | 'unsubscribed'
  | 'missing_signature'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'invalid_payload'
  | 'event_too_old'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'invalid_secret'
  | 'handler_failed'
  | 'dedupe_failed'
  | 'in_progress';

/** Options of `createWebhookHandler`. */
export interface WebhookHandlerOptions {
  /** The webhook's secret, or several while rotating (`[next, current]`): any of them may sign. */
  secret: string | string[];
  /**
   * Handlers by event type, each given the event typed for it. Throwing (or rejecting) answers 500,
   * so the service delivers the event again.
   */
  on?: WebhookEventHandlers | undefined;
  /** Called for an event whose type has no handler in `on`, known type or not. */
  onEvent?: ((event: WebhookEvent) => unknown) | undefined;
  /**
   * Where handled event ids are recorded, so that a repeated delivery is answered 200 without
   * running a handler again. `false` turns de-duplication off.
   * @default memoryStore() (this process only: use redisStore when several instances receive)
   */
  dedupe?: DedupeStore | false | undefined;
  /**
   * Refuse (400 `event_too_old`) an event whose signed `created` is older than this, or more than
   * 5 minutes ahead of this machine's clock, so that a delivery replayed after its id left the
   * store is refused rather than handled twice. A store with a fixed `retentionSeconds` must keep
   * ids at least this long plus those 5 minutes (a `ConfigurationError` otherwise). `false` turns
   * the check off, and with it the protection against late replays.
   * @default 604800 (7 days, the reference's event lifetime)
   */
  maxAgeSeconds?: number | false | undefined;
  /**
   * Refuse (413 `payload_too_large`) a body longer than this many bytes, without reading past it:
   * told by `Content-Length` when sent, else counted as the bytes arrive. The service's events are
   * a few KB.
   * @default 1048576 (1 MiB)
   */
  maxBodyBytes?: number | undefined;
  /**
   * How long a claim may stay "being handled" before it lapses, for stores with `complete`
   * (memoryStore, redisStore): if the process dies mid-event, a redelivery after this is handled.
   * @default 300
   */
  leaseSeconds?: number | undefined;
  /**
   * Told about every 5xx answer (a throwing handler, an invalid secret, a store that failed), so
   * that you see why events are being redelivered.
   * @default console.error
   */
  onError?: ((error: unknown, event: WebhookEvent | undefined) => void) | undefined;
  /**
   * Told once (`warn`) about every delivery refused with a 4xx, with its status and outcome (and
   * for `signature_mismatch` what to do), never the secret or the signature: a receiver with the
   * wrong secret otherwise refuses every delivery with nothing in its own logs. `console` will do.
   * @default none (refusals are answered, not logged)
   */
  logger?: Pick<Logger, 'warn'> | undefined;
}

/** A Fetch API webhook receiver: `Request` in, `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

/**
 * The handler without the Fetch API objects: method, signature header and body in, outcome out.
 * `readBody(limit)` resolves `undefined` once the body is known to be longer than `limit` bytes.
 */
export type HandlerCore = (
  method: string,
  signature: string | string[] | null | undefined,
  readBody: (limit: number) => Promise<Uint8Array | undefined>,
) => Promise<WebhookHandlerOutcome>;

/** Where a handler built by `createWebhookHandler` carries its core, for `toNodeHandler`. */
export const CORE: unique symbol = Symbol();

/**
 * A handler with its core: `toNodeHandler` calls the core directly, since building a web Request
 * and Response per delivery costs Node about as much as everything else the handler does.
 */
export type CoredHandler = WebhookHandler & { readonly [CORE]?: HandlerCore };

export const STATUS: Record<WebhookHandlerOutcome, number> = {
  handled: 200,
  duplicate: 200,
  unsubscribed: 200,
  missing_signature: 400,
  malformed_signature: 400,
  signature_mismatch: 400,
  invalid_payload: 400,
  event_too_old: 400,
  method_not_allowed: 405,
  payload_too_large: 413,
  invalid_secret: 500,
  handler_failed: 500,
  dedupe_failed: 500,
  in_progress: 503,
};

/** The response headers of an outcome. */
export const headersOf = (outcome: WebhookHandlerOutcome): Record<string, string> =>
  outcome === 'method_not_allowed'
    ? { 'content-type': 'text/plain', allow: 'POST' }
    : { 'content-type': 'text/plain' };

const answer = (outcome: WebhookHandlerOutcome) =>
  new Response(outcome, { status: STATUS[outcome], headers: headersOf(outcome) });

const invalidOption = (name: string, message: string) =>
  new ConfigurationError(`createWebhookHandler: ${message}`, name);

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0 && value < Infinity))
    throw invalidOption(name, `${name} must be a positive number (got ${String(value)}).`);
  return value;
}

/** How far ahead of this machine's clock a signed `created` may be: clocks are never quite in step. */
export const CLOCK_SKEW_SECONDS = 300;

/**
 * The body from `next` (a stream reader's `read` or an async iterator's `next`), or `undefined` as
 * soon as it passes `limit` bytes: nothing past the limit is kept, so a huge or endless body costs
 * at most the limit. The caller stops the source.
 */
export async function collect(
  next: () => Promise<IteratorResult<unknown>>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let r = await next(); !r.done; r = await next()) {
    const chunk = typeof r.value === 'string' ? new TextEncoder().encode(r.value) : (r.value as Uint8Array);
    if ((length += chunk.length) > limit) return undefined;
    chunks.push(chunk);
  }
  // One chunk (a small delivery) is used as it is; several are joined.
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(length);
  length = 0;
  for (const chunk of chunks) out.set(chunk, (length += chunk.length) - chunk.length);
  return out;
}

/**
 * The advice for the refusal whose word alone leaves a user guessing; the others name their cause
 * or option. Short: the handler has a size budget (docs/webhooks.md, Size budget).
 */
const MISMATCH = ': the sender signs with another secret (gateway-sdk mock: use its GATEWAY_WEBHOOK_SECRET)';

/** A `Content-Length` over `limit`: the request can be refused before any of its body is read. */
export const declaredOver = (value: unknown, limit: number): boolean => Number(value) > limit;

// Deliveries are de-duplicated per receiver: every secret gets its own namespace of ids, an HMAC
// of a fixed text, so two receivers sharing a store (two webhooks, an sms and a payment receiver on
// one Redis) never take each other's events for duplicates. Not the secret itself: keys are visible.
const namespace = async (secret: string): Promise<string> => {
  let hex = '';
  for (const b of (await defaultHmac().digest(secret, 'gateway-sdk dedupe')).subarray(0, 8))
    hex += (b | 256).toString(16).slice(1);
  return hex;
};

let verifier: WebhooksApi | undefined;

type EventHandler = (event: WebhookEvent) => unknown;

/** Where 5xx answers are reported: the `onError` option. */
type Report = (error: unknown, event: WebhookEvent | undefined) => void;

const reportError: Report = (error, event) =>
  console.error(`gateway-sdk: webhook ${event ? `event ${event.id}` : 'delivery'} answered 5xx:`, error);

/**
 * The de-duplication steps over one store: `claim` an event's keys before its handler runs, `run`
 * the handler and record the outcome. Without a store, `claim` lets every event through.
 */
function dedupeSteps(store: DedupeStore | false, claimFor: number, keep: number, onError: Report) {
  // Ids this instance is handling right now: with a store that cannot tell "pending" from
  // "handled", this still keeps a concurrent duplicate on the same instance from being acknowledged.
  const running = new Set<string>();
  // Forgets `keys`, so that the next delivery is handled; a store that fails is reported.
  const release = (event: WebhookEvent, keys: string[]) =>
    store &&
    Promise.all(keys.map(async (key) => store.release(key))).catch((error: unknown) => onError(error, event));
  // Marks `keys` handled. A store that fails to record them only risks a second run of a later
  // duplicate, so the answer stays 200 (a 5xx would have the event handled again for sure).
  const record = async (event: WebhookEvent, keys: string[]) => {
    if (store && store.complete)
      for (const key of keys)
        await store.complete(key, keep).catch((error: unknown) => onError(error, event));
  };

  /**
   * Claims the event's id under each namespace, in order; `undefined` when every claim was taken
   * (handle the event), else the answer. A store that fails gets back every claim made, so the
   * 500 that follows is redelivered and handled.
   */
  const claim = async (event: WebhookEvent, keys: string[]): Promise<WebhookHandlerOutcome | undefined> => {
    const taken: string[] = [];
    try {
      for (const key of keys) {
        if (store && !(await store.claim(key, claimFor))) {
          // A duplicate is acknowledged only once the first delivery has been handled. While it is
          // still running, 503: had the first then failed, a 200 here would lose the event for good.
          if (!running.has(event.id) && (!store.state || (await store.state(key)) === 'handled')) {
            // Recorded under the namespaces claimed before this one, so that once a rotation
            // drops the old secret ([next, current] → [next]), the new one still knows every
            // event seen during the overlap. Claimed for `keep` when the store has no
            // `complete`, those claims are the record already.
            await record(event, taken);
            return 'duplicate';
          }
          await release(event, taken);
          return 'in_progress';
        }
        taken.push(key);
      }
      return undefined;
    } catch (error) {
      onError(error, event);
      await release(event, taken);
      return 'dedupe_failed';
    }
  };

  /** Runs the handler; a failure releases the claims, so that the redelivery is handled. */
  const run = async (
    handler: EventHandler,
    event: WebhookEvent,
    keys: string[],
  ): Promise<WebhookHandlerOutcome> => {
    running.add(event.id);
    try {
      await handler(event);
    } catch (error) {
      onError(error, event);
      await release(event, keys);
      return 'handler_failed';
    } finally {
      running.delete(event.id);
    }
    await record(event, keys);
    return 'handled';
  };
  return { claim, run };
}

// Wrapped rather than logged at each return: one line per refused delivery, whichever check refused it.
const logRefusals =
  (decide: HandlerCore, logger: Pick<Logger, 'warn'>): HandlerCore =>
  async (method, signature, readBody) => {
    const outcome = await decide(method, signature, readBody);
    const status = STATUS[outcome];
    if (status >= 400 && status < 500)
      logger.warn(
        `gateway-sdk: webhook delivery refused, ${status} ${outcome}${outcome === 'signature_mismatch' ? MISMATCH : ''}`,
        { outcome, status },
      );
    return outcome;
  };

/**
 * The receiver's core and the body limit it reads up to: what `createWebhookHandler` wraps in the
 * Fetch API, and `toNodeHandler` calls with node:http's request.
 */
export function createHandlerCore(options: WebhookHandlerOptions): { core: HandlerCore; maxBody: number } {
  if (typeof options !== 'object' || options === null)
    throw invalidOption('options', 'pass an options object { secret, on }.');
  const { secret, on = {}, onEvent, maxAgeSeconds, logger, onError = reportError } = options;
  const maxAge =
    maxAgeSeconds === false ? undefined : positive('maxAgeSeconds', maxAgeSeconds, EVENT_LIFETIME_SECONDS);
  const maxBody = positive('maxBodyBytes', options.maxBodyBytes, 1_048_576);
  const lease = positive('leaseSeconds', options.leaseSeconds, 300);
  const store = options.dedupe === undefined ? memoryStore() : options.dedupe;
  if (store !== false && (typeof store?.claim !== 'function' || typeof store.release !== 'function'))
    throw invalidOption(
      'dedupe',
      'dedupe must be a store with claim() and release() (memoryStore(), redisStore(client)) or false.',
    );
  if (typeof on !== 'object' || on === null)
    throw invalidOption('on', 'on must be an object of handlers by event type.');
  const handlers = on as Record<string, EventHandler | undefined>;
  // How long a handled id is kept: as long as a replay of its event would pass the age check, and
  // a second more, as stores drop an id at its deadline exactly.
  const keep = maxAge === undefined ? EVENT_LIFETIME_SECONDS : maxAge + CLOCK_SKEW_SECONDS + 1;
  const retention = store && maxAge !== undefined ? store.retentionSeconds : undefined;
  if (retention !== undefined && retention < keep)
    throw invalidOption(
      'maxAgeSeconds',
      `the dedupe store keeps ids ${retention} s, under maxAgeSeconds + ${CLOCK_SKEW_SECONDS + 1} ` +
        `(${keep} s): a replay could be handled twice. Lower maxAgeSeconds or keep ids longer.`,
    );
  // With a store that has `complete`, a claim is a lease; otherwise it is the record itself.
  const { claim, run } = dedupeSteps(store, store && store.complete ? lease : keep, keep, onError);
  const secrets = Array.isArray(secret) ? secret : [secret];
  let spaces: Promise<string[]> | undefined;
  let names: string[] | undefined;
  const decide: HandlerCore = async (method, signature, readBody) => {
    if (method !== 'POST') return 'method_not_allowed';
    const body = await readBody(maxBody);
    if (!body) return 'payload_too_large';
    let event: WebhookEvent;
    try {
      event = await (verifier ??= createWebhooks(defaultHmac)).constructEvent(body, signature, secret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      // invalid_secret is the receiver's own misconfiguration: 5xx, so that the service keeps the
      // event and delivers it again once the secret is fixed. A 400 would lose it for good.
      if (error.reason !== 'invalid_secret' && error.reason !== 'parsed_body') return error.reason;
      onError(error, undefined);
      return 'invalid_secret';
    }
    // `created` is Unix seconds; a value that can only be milliseconds is read as such. Too far
    // ahead counts as too old: it would pass the age check long after its id left the store.
    const age = Date.now() - (event.created > 1e11 ? event.created : event.created * 1000);
    if (maxAge !== undefined && (age > maxAge * 1000 || age < CLOCK_SKEW_SECONDS * -1000))
      return 'event_too_old';
    // Own keys only: an event type named `constructor` or `__proto__` is not a handler.
    const handler = (Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined) ?? onEvent;
    if (typeof handler !== 'function') return 'unsubscribed';
    // The id under each secret's namespace. Awaited only until known: an await per delivery is a
    // measurable share of the handler's time.
    const keys = (names ??= await (spaces ??= Promise.all(secrets.map(namespace)))).map(
      (ns) => `${ns}:${event.id}`,
    );
    return (await claim(event, keys)) ?? run(handler, event, keys);
  };
  return { core: logger ? logRefusals(decide, logger) : decide, maxBody };
}

/**
 * Builds a webhook receiver: it reads the raw body (at most `maxBodyBytes`), verifies the signature
 * (any of several secrets), checks `maxAgeSeconds`, parses the event, claims its id in the dedupe
 * store (under this receiver's own namespace) and runs the typed handler for its type. Answers: 200
 * handled, duplicate or unsubscribed; 400 for a bad signature, payload or age (never redelivered);
 * 413 for a body over the limit; 500 for an invalid secret, a failing store or a handler that
 * throws, releasing the claim so that the redelivery is handled; 503 to a duplicate that arrives
 * while the first is still being handled. Use it as is in Next.js, Hono, Bun, Deno and Workers;
 * `toNodeHandler` for Express.
 *
 * @example
 * const handle = createWebhookHandler({
 *   secret: process.env.GATEWAY_WEBHOOK_SECRET ?? '',
 *   on: { 'message.delivered': async (event) => markDelivered(event.data.object.id) },
 * });
 * export const POST = handle; // Next.js App Router
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const { core, maxBody } = createHandlerCore(options);
  const handle: WebhookHandler = async (request) => {
    const body = request.body;
    const reader = body && !declaredOver(request.headers.get('content-length'), maxBody) && body.getReader();
    return answer(
      await core(request.method, request.headers.get(SIGNATURE_HEADER), async (limit) => {
        // Over the limit, the stream is cancelled: nothing more is read from the client.
        const bytes = reader
          ? await collect(() => reader.read(), limit)
          : body
            ? undefined
            : new Uint8Array();
        if (!bytes) void (reader || body)?.cancel().catch(() => undefined);
        return bytes;
      }),
    );
  };
  return Object.assign(handle, { [CORE]: core });
}
