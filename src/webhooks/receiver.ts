// The receiver's core, under both adapters (handler.ts for the Fetch API, node.ts for node:http):
// method, headers and a body reader in, the answer (status, body, headers) out. It verifies, reads
// the payload tolerantly, routes by type, de-duplicates by event id (or a digest of the body) and
// answers with the status the service's retry rules call for (the API reference's "Retry rules":
// 4xx is never redelivered, 5xx is retried for up to 7 days). So once the signature verifies, no
// shape of the payload is answered 4xx: only a body that is not JSON, or a stale `created`.

import { dedupedRun } from './claims.js';
import { createdAt, field, idOf, typeOf } from './delivery.js';
import { checkEventNames } from './event-names.js';
import type { WebhookEvent } from './events.js';
import { hmacFor } from './hmac.js';
import {
  CLOCK_SKEW_SECONDS,
  handlerOptionError,
  readOptions,
  type Settings,
  type WebhookDeliveryRecord,
  type WebhookHandlerOptions,
  type WebhookHandlerOutcome,
} from './options.js';
import { matches, SIGNATURE_HEADER, toSecrets, toSignatures } from './verifier.js';
import { toHex } from '../internal/hex.js';

/** A request header by lowercase name. */
export type ReceiverHeader = (name: string) => string | string[] | null | undefined;

/** The raw body, or `undefined` once it is known to be longer than `limit` bytes. */
export type ReceiverBody = (limit: number) => Promise<Uint8Array | undefined>;

/**
 * The answer to one delivery besides its body (the outcome's word, sent as the body so that the
 * service's delivery log shows it): a Fetch API `ResponseInit` as it stands.
 */
export interface ReceiverAnswer {
  /** HTTP status, by the service's retry rules. */
  status: number;
  /** Response headers. */
  headers: Record<string, string>;
}

/**
 * The receiver's core: one delivery in (its HTTP method, a reader of its headers and one of its
 * body), its outcome out (`answerOf` gives the rest of the answer). Arguments rather than an
 * object, whose keys a bundle would spell out.
 */
export type Receiver = (
  method: string,
  header: ReceiverHeader,
  body: ReceiverBody,
) => Promise<WebhookHandlerOutcome>;

/** Where a handler built by `createWebhookHandler` carries its core, for `toNodeHandler`. */
export const RECEIVER: unique symbol = Symbol();

/**
 * The core a handler carries, if `createWebhookHandler` built it: `toNodeHandler` calls the core
 * directly, since building a web Request and Response per delivery costs Node about as much as
 * everything else the handler does.
 */
export const receiverOf = (handle: object): Receiver | undefined =>
  (handle as { readonly [RECEIVER]?: Receiver })[RECEIVER];

/**
 * The status of each outcome: 200 handled, duplicate, unsubscribed; 400 a signature reason,
 * invalid_payload, event_too_old; 405; 413; 503 in_progress; 500 the rest (a misconfiguration or a
 * failure, so that the service delivers the event again).
 */
export const statusOf = (outcome: WebhookHandlerOutcome): number =>
  outcome === 'in_progress'
    ? 503
    : outcome === 'payload_too_large'
      ? 413
      : outcome === 'method_not_allowed'
        ? 405
        : /^(handled|duplicate|unsubscribed)$/.test(outcome)
          ? 200
          : /signature|invalid_payload|old/.test(outcome)
            ? 400
            : 500;

/**
 * The answer of an outcome, besides its body (the outcome itself) and its `content-type`, which a
 * Fetch `Response` of a string sets itself (`TEXT_PLAIN`); the node adapter sets the same.
 */
export const answerOf = (outcome: WebhookHandlerOutcome): ReceiverAnswer => ({
  status: statusOf(outcome),
  headers: outcome === 'method_not_allowed' ? { allow: 'POST' } : {},
});

/** The `content-type` of every answer: what the Fetch standard gives a `Response` of a string. */
export const TEXT_PLAIN = 'text/plain;charset=UTF-8';

/** What a payload without a string `type` is, for the one report of it: its field names, never values. */
const described = (payload: unknown): string =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload)
    ? `fields: ${Object.keys(payload).slice(0, 10).join(', ')}`
    : `JSON ${Array.isArray(payload) ? 'array' : payload === null ? 'null' : typeof payload}`;

/**
 * The checks that tell drift once per handler, so that what is accepted is seen: another
 * `api_version`; the age check, which passes an unreadable `created`; the answer to an event
 * without a handler, for its type or for having none. A list, not an object: a bundle keeps keys.
 */
function notes(settings: Settings) {
  const told = new Set<string>();
  // Bounded: a sender could name endless event types.
  const once = (what: string, message: string) =>
    !told.has(what) &&
    told.size < 100 &&
    (told.add(what), settings.warn(`gateway-sdk: ${message} (told once per handler)`));
  return [
    (version: unknown) =>
      version !== undefined &&
      version !== settings.serviceVersion &&
      once(
        'version',
        `webhook api_version ${JSON.stringify(version)} is not serviceVersion ${JSON.stringify(settings.serviceVersion)}: ` +
          'handled; its fields may differ from the types',
      ),
    // Whether the payload is too old (or too far ahead) to be handled; unreadable times pass, noted.
    (payload: unknown): boolean => {
      const { maxAge } = settings;
      if (maxAge === undefined) return false;
      // NaN for an unreadable `created`: neither comparison below holds for it, so it passes.
      const age = Date.now() - createdAt(payload);
      if (isNaN(age))
        once(
          'created',
          `webhook created ${(payload as { created?: unknown } | null)?.created === undefined ? 'missing' : 'not a time'}: handled without the maxAgeSeconds check`,
        );
      // Too far ahead counts as too old: it would pass the age check long after its id left the store.
      return age > maxAge * 1000 || age < CLOCK_SKEW_SECONDS * -1000;
    },
    // The answer to a delivery without a handler, told once per type (and once for no type).
    (type: string | undefined, payload: unknown): WebhookHandlerOutcome => {
      if (type === undefined) {
        if (!told.has('type')) {
          told.add('type');
          settings.onError(
            handlerOptionError(
              'onEvent',
              `a delivery without a string type (${described(payload)}) was answered 500 ` +
                'unrecognised_payload (sent again): pass onEvent to take it (told once per handler).',
            ),
            undefined,
          );
        }
        return 'unrecognised_payload';
      }
      const retry = settings.unhandledEvents === 'retry';
      once(
        `.${type}`,
        `webhook event type ${JSON.stringify(type.slice(0, 64))} has no handler: answered ${
          retry ? '500 unhandled_event (sent again)' : '200 unsubscribed (not sent again)'
        }. Add it to on, or pass onEvent`,
      );
      return retry ? 'unhandled_event' : 'unsubscribed';
    },
  ] as const;
}

/** What the decision learnt of the event, for `telemetry`. */
type Seen = Pick<WebhookDeliveryRecord, 'type' | 'id'>;

/** The decision for one delivery, without the answer's form. */
function deciding(settings: Settings) {
  const hmac = hmacFor(settings.crypto);
  const [noteVersion, stale, unhandled] = notes(settings);
  checkEventNames(settings.on, settings.warn);
  const handlers = settings.on as Record<string, ((event: WebhookEvent) => unknown) | undefined>;
  const run = dedupedRun(settings);
  let spaces: Promise<string[]> | undefined;
  let names: string[] | undefined;
  return async (
    method: string,
    header: ReceiverHeader,
    read: ReceiverBody,
    seen: Seen,
  ): Promise<WebhookHandlerOutcome> => {
    if (method !== 'POST') return 'method_not_allowed';
    const body = await read(settings.maxBody);
    if (!body) return 'payload_too_large';
    // Verified as constructEvent does, answered with the reason alone: its messages, which no answer
    // shows, would otherwise ride along in every handler's bundle.
    let secrets: string[];
    try {
      secrets = toSecrets(settings.secret);
    } catch (error) {
      // invalid_secret is the receiver's own misconfiguration: 5xx, so that the service keeps the
      // event and delivers it again once the secret is fixed. A 400 would lose it for good.
      settings.onError(error, undefined);
      return 'invalid_secret';
    }
    const signatures = toSignatures(header(SIGNATURE_HEADER));
    if (typeof signatures === 'string') return signatures;
    if (!(await matches(hmac(), body, secrets, signatures))) return 'signature_mismatch';
    let payload: WebhookEvent;
    try {
      // UTF-8 is TextDecoder's default; fatal, so that bytes that are not UTF-8 are invalid_payload.
      payload = JSON.parse(new TextDecoder(undefined, { fatal: true }).decode(body)) as WebhookEvent;
    } catch {
      return 'invalid_payload';
    }
    if (stale(payload)) return 'event_too_old';
    noteVersion(field(payload, 'api_version'));
    // Own keys only: an event type named `constructor` or `__proto__` is not a handler.
    const type = typeOf(payload);
    seen.type = type;
    seen.id = idOf(payload);
    const handler =
      (type !== undefined && Object.hasOwn(handlers, type) && handlers[type]) || settings.onEvent;
    if (!handler) return unhandled(type, payload);
    // An event without an id is known by a digest of its signed body: a redelivery is the same bytes.
    const id = seen.id ?? `body-${toHex(await hmac().digest('gateway-sdk body', body), 16)}`;
    // The id under each secret's namespace. Deliveries are de-duplicated per receiver: every secret
    // gets its own namespace of ids, an HMAC of a fixed text, so two receivers sharing a store (two
    // webhooks, an sms and a payment receiver on one Redis) never take each other's events for
    // duplicates. Not the secret itself: keys are visible. Awaited only until known: an await per
    // delivery is a measurable share of the handler's time.
    names ??= await (spaces ??= Promise.all(
      secrets.map(async (secret) => toHex(await hmac().digest(secret, 'gateway-sdk dedupe'), 8)),
    ));
    const keys = names.map((ns) => `${ns}:${id}`);
    return run(handler, payload, keys);
  };
}

/**
 * The receiver's core and the body limit it reads up to: what `createWebhookHandler` wraps in the
 * Fetch API, and `toNodeHandler` calls with node:http's request. Options are checked here, once.
 */
export function createReceiver(
  options: WebhookHandlerOptions,
): readonly [receive: Receiver, maxBody: number] {
  const settings = readOptions(options);
  const decide = deciding(settings);
  const { logger, warn, telemetry } = settings;
  const receive: Receiver = async (method, header, body) => {
    const seen: Seen = {};
    const told = telemetry?.((name) => {
      const value = header(name);
      return Array.isArray(value) ? value[0] : (value ?? undefined);
    });
    const outcome = await decide(method, header, body, seen);
    const status = statusOf(outcome);
    told?.({ outcome, status, ...seen });
    // One line per refused delivery, whichever check refused it, with advice for the one whose
    // word alone leaves a user guessing (the others name their cause or option).
    if (logger && status >= 400 && status < 500)
      warn(
        `gateway-sdk: webhook delivery refused, ${status} ${outcome}${
          outcome === 'signature_mismatch'
            ? ': the sender signs with another secret (gateway-sdk mock: use its GATEWAY_WEBHOOK_SECRET)'
            : ''
        }`,
        { outcome, status },
      );
    return outcome;
  };
  return [receive, settings.maxBody];
}
