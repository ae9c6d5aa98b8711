// What createWebhookHandler takes and answers, and the options read once, at construction: a
// mistake in them is a ConfigurationError before any delivery, never a 4xx that loses events.

import { ConfigurationError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { SERVICE_VERSION } from '../core/version.js';
import { EVENT_LIFETIME_SECONDS, type DedupeStore } from './dedupe.js';
import type { WebhookEnvelope, WebhookEvent, WebhookEventType } from './events.js';
import type { WebhookCrypto } from './hmac.js';
import { memoryStore } from './memory-store.js';
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
 * `dedupe_failed` or `unrecognised_payload` (no `type` and no `onEvent`); 503 `in_progress`.
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
   * Where handled event ids are recorded, so that a repeated delivery is answered 200 without
   * running a handler again; a delivery without an `id` is recorded by a digest of its body.
   * `false` turns de-duplication off.
   * @default memoryStore() (this process only: use redisStore when several instances receive)
   */
  dedupe?: DedupeStore | false | undefined;
  /**
   * Refuse (400 `event_too_old`) an event whose signed `created` is older than this, or more than
   * 5 minutes ahead of this machine's clock, so that a delivery replayed after its id left the
   * store is refused rather than handled twice. `created` is read as Unix seconds or milliseconds,
   * a number or a numeric or ISO date string; an event without a readable `created` skips the age
   * check (logged once). A store with a fixed `retentionSeconds` must keep ids at least this long
   * plus those 5 minutes (a `ConfigurationError` otherwise). `false` turns the check off, and with
   * it the protection against late replays.
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
   * The `api_version` this receiver's code expects. An event of another version is still handled,
   * and logged once per handler at `warn`: its payload may not match the types.
   * @default SERVICE_VERSION (the version these types describe)
   */
  serviceVersion?: string | undefined;
  /**
   * Which HMAC implementation verifies. `'auto'` takes node:crypto where the runtime offers it
   * (`process.getBuiltinModule`) and Web Crypto elsewhere, including where looking throws (Next.js
   * edge); `'web'` always takes Web Crypto (`crypto.subtle`), for a sandbox whose node:crypto is
   * there but does not work.
   * @default 'auto'
   */
  crypto?: WebhookCrypto | undefined;
  /**
   * Told about every 5xx answer (a throwing handler, an invalid secret, a store that failed), so
   * that you see why events are being redelivered; a delivery without a `type` and no `onEvent` is
   * told once per handler.
   * @default console.error
   */
  onError?: ((error: unknown, event: WebhookEvent | undefined) => void) | undefined;
  /**
   * Told once (`warn`) about every delivery refused with a 4xx, with its status and outcome (and
   * for `signature_mismatch` what to do), never the secret or the signature: a receiver with the
   * wrong secret otherwise refuses every delivery with nothing in its own logs. Also told, once per
   * handler each, what it accepted but did not expect: another `api_version`, a `created` it could
   * not read, `on` names it does not know. `console` will do.
   * @default none for refusals; console for the once-per-handler notes
   */
  logger?: Pick<Logger, 'warn'> | undefined;
}

/** Where 5xx answers are reported: the `onError` option. */
export type Report = (error: unknown, event: WebhookEvent | undefined) => void;

/** How far ahead of this machine's clock a signed `created` may be: clocks are never quite in step. */
export const CLOCK_SKEW_SECONDS = 300;

/** A ConfigurationError of `createWebhookHandler`, naming the option at fault. */
export const invalidOption = (name: string, message: string): ConfigurationError =>
  new ConfigurationError(`createWebhookHandler: ${message}`, name);

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0 && value < Infinity))
    throw invalidOption(name, `${name} must be a positive number (got ${String(value)}).`);
  return value;
}

const reportError: Report = (error, event) =>
  console.error(`gateway-sdk: webhook ${event?.id ? `event ${event.id}` : 'delivery'} answered 5xx:`, error);

function readStore(options: WebhookHandlerOptions, maxAge: number | undefined) {
  const store = options.dedupe === undefined ? memoryStore() : options.dedupe;
  if (store !== false && (typeof store?.claim !== 'function' || typeof store.release !== 'function'))
    throw invalidOption(
      'dedupe',
      'dedupe must be a store with claim() and release() (memoryStore(), redisStore(client)) or false.',
    );
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
  return { store, keep };
}

/** The options checked and defaulted: a `ConfigurationError` names the first one at fault. */
export function readOptions(options: WebhookHandlerOptions) {
  if (typeof options !== 'object' || options === null)
    throw invalidOption('options', 'pass an options object { secret, on }.');
  const { secret, on = {}, onEvent, maxAgeSeconds, logger, onError = reportError } = options;
  const maxAge =
    maxAgeSeconds === false ? undefined : positive('maxAgeSeconds', maxAgeSeconds, EVENT_LIFETIME_SECONDS);
  const maxBody = positive('maxBodyBytes', options.maxBodyBytes, MIB);
  const lease = positive('leaseSeconds', options.leaseSeconds, 300);
  const { serviceVersion = SERVICE_VERSION, crypto } = options;
  if (typeof serviceVersion !== 'string' || !serviceVersion)
    throw invalidOption('serviceVersion', 'serviceVersion must be a version such as "2026-01-01".');
  if (crypto !== undefined && crypto !== 'auto' && crypto !== 'web')
    throw invalidOption('crypto', "crypto must be 'auto' or 'web'.");
  if (typeof on !== 'object' || on === null)
    throw invalidOption('on', 'on must be an object of handlers by event type.');
  const { store, keep } = readStore(options, maxAge);
  const secrets = Array.isArray(secret) ? secret : [secret];
  return {
    secret,
    secrets,
    on,
    onEvent,
    maxAge,
    maxBody,
    lease,
    serviceVersion,
    crypto,
    logger,
    onError,
    store,
    keep,
  };
}

/** The options as the receiver uses them. */
export type Settings = ReturnType<typeof readOptions>;
