// What createWebhookHandler takes and answers, and the options read once, at construction: a
// mistake in them is a ConfigurationError before any delivery, never a 4xx that loses events.

import { ConfigurationError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { SERVICE_VERSION } from '../core/version.js';
import { EVENT_LIFETIME_SECONDS, type DedupeStore } from './dedupe.js';
import type { WebhookEnvelope, WebhookEvent, WebhookEventType } from './events.js';
import type { WebhookCrypto } from './hmac.js';
import { memoryStore, positive } from './memory-store.js';
import { editDistance, optionError } from '../internal/near-miss.js';
import { MIB } from '../limits.js';

/** The event of one known type, e.g. `WebhookEventOf<'message.delivered'>` carries a `WebhookMessage`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, WebhookEnvelope<T, unknown>>;

/** One typed function per event type; a type without one is acknowledged unhandled (or goes to `onEvent`). */
export type WebhookEventHandlers = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>) => unknown;
};

/**
 * What the handler answered, as the text of its response body: 200 `handled`, `duplicate` or
 * `unsubscribed`; 400 a signature reason, `invalid_payload` (not JSON) or `event_too_old`; 405
 * `method_not_allowed`; 413 `payload_too_large`; 500 `invalid_secret`, `handler_failed`,
 * `dedupe_failed`, `unrecognised_payload` (no `type` and no `onEvent`) or `unhandled_event` (no handler
 * for its type, with `unhandledEvents: 'retry'`); 503 `in_progress`.
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
  | 'unrecognised_payload'
  | 'unhandled_event'
  | 'in_progress';

/** Options of `createWebhookHandler`. */
export interface WebhookHandlerOptions {
  /** The webhook's secret, or several while rotating (`[next, current]`): any of them may sign. */
  secret: string | string[];
  /**
   * Handlers by event type, each given the event typed for it. Throwing (or rejecting) answers 500,
   * so the service delivers the event again. A name one or two edits from a known event type is a
   * `ConfigurationError` ("did you mean"); any other unknown name is kept, with one warning.
   */
  on?: WebhookEventHandlers | undefined;
  /**
   * Called for an event whose type has no handler in `on`, known type or not, and with the payload
   * as sent for a signed delivery that has no string `type` (without `onEvent`, that one is
   * answered 500, so the service delivers it again).
   */
  onEvent?: ((event: WebhookEvent) => unknown) | undefined;
  /**
   * What to answer an event whose type has no handler in `on`, when there is no `onEvent`; either
   * way its type is logged once (`warn`). `'acknowledge'`: 200 `unsubscribed`, and the service
   * never sends it again. `'retry'`: 500 `unhandled_event`, so the service delivers it again (for
   * up to 7 days) until a version of the app that handles it is deployed; the price is a redelivery
   * of every such event, and a 5xx in the service's delivery log, until then.
   * @default 'acknowledge'
   */
  unhandledEvents?: 'acknowledge' | 'retry' | undefined;
  /**
   * Where handled event ids are recorded, so that a repeated delivery is answered 200 without
   * running a handler again; a delivery without an `id` is recorded by a digest of its body.
   * `false` turns de-duplication off.
   * @default memoryStore() (this process only: use redisStore when several instances receive)
   */
  dedupe?: DedupeStore | false | undefined;
  /**
   * Refuse (400 `event_too_old`) an event whose signed `created` is older than this, or more than
   * 5 minutes ahead of this machine's clock, so that a delivery replayed after its id left the
   * store is refused rather than handled twice. `created` is read as a Unix time in seconds,
   * milliseconds, microseconds or nanoseconds (the one unit that gives a date between 2001 and
   * 2286), a number or a numeric string, or as a date string (UTC unless it gives an offset); an
   * event without a readable `created` is never refused for it: it skips the age check (logged once). A store with a fixed `retentionSeconds` must keep ids at least this long
   * plus those 5 minutes (a `ConfigurationError` otherwise). `false` turns the check off, and with
   * it the protection against late replays.
   * @default 604800 (7 days, the reference's event lifetime)
   */
  maxAgeSeconds?: number | false | undefined;
  /**
   * Refuse (413 `payload_too_large`) a body longer than this many bytes, without reading past it:
   * told by `Content-Length` when sent, else counted as the bytes arrive. The service's events are
   * a few KB; a whole number of at least 1024.
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
   * The `api_version` this receiver's code expects. An event of another version is still handled,
   * and logged once per handler at `warn`: its payload may not match the types.
   * @default SERVICE_VERSION (the version these types describe)
   */
  serviceVersion?: string | undefined;
  /**
   * Which HMAC implementation verifies. `'auto'` takes node:crypto where the runtime offers it
   * (`process.getBuiltinModule`) and Web Crypto elsewhere, including where looking throws (Next.js
   * edge); `'web'` always takes Web Crypto (`crypto.subtle`), for a sandbox whose node:crypto is
   * there but does not work (a `ConfigurationError` where there is no `crypto.subtle`).
   * @default 'auto'
   */
  crypto?: WebhookCrypto | undefined;
  /**
   * Told about every 5xx answer (a throwing handler, an invalid secret, a store that failed), so
   * that you see why events are being redelivered; a delivery without a `type` and no `onEvent` is
   * told once per handler. If it throws, the answer is still the 500 (its error is dropped).
   * @default console.error
   */
  onError?: ((error: unknown, event: WebhookEvent | undefined) => void) | undefined;
  /**
   * Told once (`warn`) about every delivery refused with a 4xx, with its status and outcome (and
   * for `signature_mismatch` what to do), never the secret or the signature: a receiver with the
   * wrong secret otherwise refuses every delivery with nothing in its own logs. Also told, once per
   * handler each, what it accepted but did not expect: another `api_version`, a `created` it could
   * not read, `on` names it does not know, each event type without a handler. `console` will do. A
   * logger that throws changes no answer.
   * @default none for refusals; console for the once-per-handler notes
   */
  logger?: Pick<Logger, 'warn'> | undefined;
  /**
   * Told of every delivery as it arrives and of its answer: `webhookTelemetry()` from
   * `gateway-sdk/otel` records each as a span and a count.
   */
  telemetry?: WebhookTelemetry | undefined;
}

/** What a delivery's answer tells `telemetry`: the outcome, and the event's type and id once verified. */
export interface WebhookDeliveryRecord {
  /** The answer's word (`handled`, `duplicate`, `signature_mismatch`, …). */
  outcome: WebhookHandlerOutcome;
  /** The answer's HTTP status. */
  status: number;
  /** The event's `type`, once the signature verified and it had one. */
  type?: string | undefined;
  /** The event's `id`, once the signature verified and it had one. */
  id?: string | undefined;
}

/**
 * Called as each delivery arrives, with a reader of its headers; the function it returns is called
 * with the delivery's record once it is answered.
 */
export type WebhookTelemetry = (
  header: (name: string) => string | undefined,
) => (record: WebhookDeliveryRecord) => void;

/** Where 5xx answers are reported: the `onError` option. */
export type Report = (error: unknown, event: WebhookEvent | undefined) => void;

/** How far ahead of this machine's clock a signed `created` may be: clocks are never quite in step. */
export const CLOCK_SKEW_SECONDS = 300;

const WHERE = 'createWebhookHandler:';

/** A ConfigurationError of `createWebhookHandler`, naming the option at fault (`optionError`'s shape). */
export const handlerOptionError = (name: string, message: string): ConfigurationError =>
  optionError(ConfigurationError, WHERE, message, name);

/**
 * Every option by name, with what it takes when given, for the one check of them all: `'function'`,
 * one of some words, or anything (read below). Keyed by the interface, so that an option added to
 * it and not here fails to compile rather than being refused as unknown.
 */
const OPTIONS: Record<keyof WebhookHandlerOptions, 'function' | string[] | 0> = {
  secret: 0,
  on: 0,
  onEvent: 'function',
  unhandledEvents: ['acknowledge', 'retry'],
  dedupe: 0,
  maxAgeSeconds: 0,
  maxBodyBytes: 0,
  leaseSeconds: 0,
  serviceVersion: 0,
  crypto: ['auto', 'web'],
  onError: 'function',
  logger: 0,
  telemetry: 'function',
};

/** The name in `known` that `name` is a typo of: at most two edits away, case aside. */
export function nearest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase(), 2);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** A ConfigurationError naming option `name` when `value` is neither a function nor undefined. */
export function fn(name: string, value: unknown, what = name): void {
  if (value !== undefined && typeof value !== 'function')
    throw handlerOptionError(name, `${what} must be a function (got ${typeof value}).`);
}

const reportError: Report = (error, event) =>
  console.error(`gateway-sdk: webhook ${event?.id ?? 'delivery'} answered 5xx:`, error);
/** `tell`, with a throw from it dropped. */
const quiet =
  <A extends unknown[]>(tell: (...args: A) => unknown) =>
  (...args: A): void => {
    try {
      tell(...args);
    } catch {
      // dropped
    }
  };

/** The error for an option name that is none, with the one it most likely meant. */
function notAnOption(name: string): ConfigurationError {
  // Short and printable: a name can be anything, and the message lands in logs.
  const quoted = JSON.stringify(name.slice(0, 64));
  const names = Object.keys(OPTIONS);
  const meant =
    name === 'store'
      ? 'dedupe'
      : (nearest(name, names) ??
        names.find((k) => name.length > 3 && k.toLowerCase().startsWith(name.toLowerCase())));
  return handlerOptionError(
    quoted,
    `${quoted} is not an option (${meant ? `did you mean ${meant}?` : `known: ${names.join(', ')}`}).`,
  );
}

/** The options checked and defaulted: a `ConfigurationError` names the first one at fault. */
export function readOptions(options: WebhookHandlerOptions) {
  if (typeof options !== 'object' || options === null)
    throw handlerOptionError('options', 'pass an options object { secret, on }.');
  for (const [name, value] of Object.entries(options)) {
    if (!Object.hasOwn(OPTIONS, name)) throw notAnOption(name);
    const takes = OPTIONS[name as keyof WebhookHandlerOptions];
    if (takes === 'function') fn(name, value);
    else if (takes && value !== undefined && !takes.includes(value as string))
      throw handlerOptionError(name, `${name} must be '${takes.join("' or '")}'.`);
  }
  const {
    on = {},
    maxAgeSeconds,
    logger,
    onError = reportError,
    serviceVersion = SERVICE_VERSION,
    dedupe: store = memoryStore(),
  } = options;
  const maxAge =
    maxAgeSeconds === false ? undefined : positive(WHERE, options, 'maxAgeSeconds', EVENT_LIFETIME_SECONDS);
  const maxBody = positive(WHERE, options, 'maxBodyBytes', MIB, 1024);
  const lease = positive(WHERE, options, 'leaseSeconds', 300);
  if (typeof serviceVersion !== 'string' || !serviceVersion)
    throw handlerOptionError('serviceVersion', 'serviceVersion must be a version such as "2026-01-01".');
  if (typeof on !== 'object' || on === null)
    throw handlerOptionError('on', 'on must be an object of handlers by event type.');
  if (store !== false && (typeof store?.claim !== 'function' || typeof store.release !== 'function'))
    throw handlerOptionError(
      'dedupe',
      'dedupe must be memoryStore(), redisStore(client), false, or a store with claim() and release().',
    );
  // How long a handled id is kept: as long as a replay of its event would pass the age check, and
  // a second more, as stores drop an id at its deadline exactly.
  const keep = maxAge === undefined ? EVENT_LIFETIME_SECONDS : maxAge + CLOCK_SKEW_SECONDS + 1;
  const retention = maxAge === undefined || !store ? keep : (store.retentionSeconds ?? keep);
  if (retention < keep)
    throw handlerOptionError(
      'maxAgeSeconds',
      `the dedupe store keeps ids ${retention} s, under maxAgeSeconds + ${CLOCK_SKEW_SECONDS + 1} s: ` +
        'a replay could run twice. Lower maxAgeSeconds or keep ids longer.',
    );
  return {
    ...options,
    on,
    maxAge,
    maxBody,
    lease,
    serviceVersion,
    // What the app gave to be told with never changes an answer: a throw from either is dropped.
    warn: quiet((...line: Parameters<Logger['warn']>) => (logger ?? console).warn(...line)),
    onError: quiet(onError),
    store,
    keep,
  };
}
/** The options as the receiver uses them. */
export type Settings = ReturnType<typeof readOptions>;
