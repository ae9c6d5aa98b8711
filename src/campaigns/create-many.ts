// createMany: one message per item of any (async) iterable, `concurrency` at a time,
// results handed out as they complete. Items are read only as workers free up, and at most
// 2 × `concurrency` items are held (in flight or waiting for the caller), so memory stays bounded
// whatever the source's length.
// Item i's key is its own `idempotencyKey`, else `${base}:${i}`: a rerun over the same items
// replays what was already sent. A 429 with Retry-After pauses every worker of the call: no new
// send starts, and no attempt (retries included) goes out until the wait is over.
import { ConfigurationError, type GatewayError } from '../core/errors.js';
import { APIUserAbortError, ValidationError } from '../core/client-errors.js';
import type { Client } from '../client.js';
import type { RequestOptions } from '../core/options.js';
import type { CallSite } from '../internal/call-site.js';
import { type CallChannel, withChannel } from '../internal/channel.js';
import type { Message, MessageCreateParams } from '../resources/models/sms.js';
import { arrayKeys, keyGuard, ownKeyOf } from './batch-keys.js';
import { readCaller, resultError, unreadable } from './caller-values.js';
import { type LocalPacer, localPacer } from './memory-pacer.js';
import { checkPacer, type Pacer, pacing } from './pacer.js';
import { baseKeyFor, checkBatchOptions, clientPart, intOption, Pool, readerOf, type Source } from './pool.js';

/** One send of `createMany`: a `client.sms.messages.create` body, with its own key if you have one. */
export type CreateManyItem = MessageCreateParams & {
  /** This send's `Idempotency-Key` (at most 255 characters). @default `${options.idempotencyKey}:${index}` */
  idempotencyKey?: string | undefined;
};

/**
 * Options of `createMany`: a request's options, applied to every send, and the batch's own.
 *
 * @example { idempotencyKey: 'otp-batch-2026-03-01', concurrency: 16, signal: AbortSignal.timeout(600_000) }
 */
export interface CreateManyOptions extends Omit<RequestOptions, 'idempotencyKey'> {
  /**
   * Base key; item `i` without its own key is sent with `${idempotencyKey}:${i}` (at most 238 characters).
   * @default a UUID v4
   */
  idempotencyKey?: string | undefined;
  /** Sends in flight at once, 1 to 64. @default 8 */
  concurrency?: number | undefined;
  /**
   * Decides when each attempt may go out; share one across calls, or across processes with
   * `redisPacer(redis)`, to share one pace. @default a new memoryPacer() for this call
   */
  pacer?: Pacer | undefined;
}

/** `createMany`'s own option names, beside a request's (typed so none can be missed). */
const BATCH_OPTIONS = Object.keys({ concurrency: true, pacer: true } satisfies Record<
  Exclude<keyof CreateManyOptions, keyof RequestOptions>,
  true
>);

/** What every result of `createMany` carries. */
interface CreateManyOutcome {
  /** The item's position in the source, from 0. */
  index: number;
  /** The key the send used (or would have used, for an item refused before sending). */
  idempotencyKey: string;
  /** The item as given. */
  item: CreateManyItem;
}

/** An item the service accepted. */
export interface CreateManySent extends CreateManyOutcome {
  /** Always true here. */
  ok: true;
  /** The message created (or replayed, for a key the service had seen). */
  message: Message;
}

/** An item that was not sent, or failed after its retries (`ValidationError`: refused before any request). */
export interface CreateManyFailed extends CreateManyOutcome {
  /** Always false here. */
  ok: false;
  /** Why: the last error of the send's retries, or the `ValidationError` that kept it from being sent. */
  error: GatewayError;
}

/** One result of `createMany`, in completion order. */
export type CreateManyResult = CreateManySent | CreateManyFailed;

/** The async iterator `createMany` returns; sending starts with the first `next()`. */
export interface CreateManyIterator extends AsyncIterableIterator<CreateManyResult> {
  /** The base key: item `i` without its own key used `${idempotencyKey}:${i}` (empty if the options were refused). */
  readonly idempotencyKey: string;
  /** Called when a loop is left early: no new sends; resolves once those in flight have settled. */
  return(): Promise<IteratorResult<CreateManyResult>>;
}

/** What createMany needs from the client: the public `sms.messages.create`. */
interface MessageSender {
  create(body: MessageCreateParams, opts?: RequestOptions): PromiseLike<Message>;
}

/**
 * Sends one message per item of an array, iterable or stream through `client.sms.messages.create`,
 * `concurrency` at a time; results come out as they complete. Item `i` uses its own
 * `idempotencyKey`, else `${idempotencyKey}:${i}`. See docs/sending-at-scale.md.
 *
 * @example
 * for await (const r of createMany(client, orders.map(toSms), { concurrency: 16 }))
 *   if (!r.ok) console.error(r.index, r.error)
 */
export function createMany(
  client: Client,
  items: Source<CreateManyItem>,
  options?: CreateManyOptions,
): CreateManyIterator {
  // Every item's error names the frame that called createMany (internal/call-site.ts).
  const site = new Error();
  let base = '';
  const pool = new Pool<unknown, CreateManyResult>(() => {
    const plan = planOf(client, items, options, site);
    base = plan.base;
    return {
      reader: readerOf(items, 'items'),
      concurrency: plan.concurrency,
      signal: plan.signal,
      run: (value, index) => plan.send(value, index),
      // Nothing can be sent without a credential or an address: end the batch instead of failing each item.
      fatal: (result) =>
        !result.ok && (result.error instanceof ConfigurationError || result.error === plan.refused())
          ? result.error
          : undefined,
      aborted: (read) =>
        new APIUserAbortError({
          message:
            `createMany was stopped by its AbortSignal after reading ${read} items: ` +
            `items from index ${read} on were not sent. ` +
            'Run it again over the same items with the same idempotencyKey to finish: ' +
            'items already sent are replayed, not sent twice.',
          cause: plan.signal?.reason,
          idempotencyKey: plan.base,
        }),
    };
  });
  return Object.defineProperty(pool, 'idempotencyKey', { get: () => base }) as Pool<
    unknown,
    CreateManyResult
  > &
    CreateManyIterator;
}

/** The options as given, copied now: they are read on the first next(), and later changes are not seen. */
function copyOf(options: CreateManyOptions | undefined): CreateManyOptions {
  if (options === undefined) return {};
  // Anything but an object as it is, for checkBatchOptions to refuse.
  return typeof options === 'object' && options !== null ? { ...options } : options;
}

/** A createMany run once its options are checked: how each item is sent. */
interface ManyPlan {
  base: string;
  concurrency: number;
  signal: AbortSignal | undefined;
  /** Sends one item (or reports why it was not): a promise that never rejects. */
  send(value: unknown, index: number): Promise<CreateManyResult>;
  /** The key clash that ended the run, if one did. */
  refused(): GatewayError | undefined;
}

/**
 * Checks the client, the options and (for an array) every item's own key before anything is read
 * or sent; a getter or Proxy that throws while they are read is a ValidationError.
 */
function planOf(client: unknown, items: unknown, options: unknown, site: CallSite): ManyPlan {
  const messages = clientPart<MessageSender>(client, 'messages', 'createMany(client, items, options)');
  // Read once, into a copy, inside a guard: later changes are not seen, and a getter or Proxy that
  // throws is a ValidationError.
  const copied = readCaller('createMany options', ['options'], () => {
    const copy = copyOf(options as CreateManyOptions | undefined);
    checkBatchOptions(copy, BATCH_OPTIONS);
    return copy;
  });
  const { idempotencyKey, concurrency, pacer, ...rest } = copied;
  const base = baseKeyFor(idempotencyKey);
  // One key, one message (batch-keys.ts): an array is refused whole before anything is sent, and
  // its items' keys are the ones read then; any other source item by item, before that item is
  // sent, and the run then ends. Either way each key is read once.
  const keys = readCaller('items', ['items'], () => Array.isArray(items))
    ? arrayKeys(items as unknown[], base)
    : undefined;
  const guard = keys === undefined ? keyGuard(base) : undefined;
  let refused: GatewayError | undefined;
  // Shared pacing: every attempt of every send of this call (retries included) waits for the
  // pacer, and any 429 that names a wait holds it for all (pacer.ts).
  const given = checkPacer(pacer);
  // Without a pacer of the caller's, the call's own has no rate: only the gate a 429 closes,
  // which a send can look at as it starts. While the gate is open (almost always), the first
  // attempt has nothing to wait for, and goes without the hook that would find that out.
  const local = given === undefined ? localPacer(0) : undefined;
  const optionsFor = sendOptions(rest, given, local, site);
  const send = (value: unknown, index: number): Promise<CreateManyResult> => {
    const item = value as CreateManyItem;
    const read = readItem(item, index, keys);
    if (read instanceof ValidationError)
      return Promise.resolve(failed(index, `${base}:${index}`, item, read));
    if (read.own === undefined) {
      return sent(messages, read.body, optionsFor(`${base}:${index}`), index, item);
    }
    const clash = guard?.(read.own, index);
    if (clash !== undefined) return Promise.resolve(failed(index, read.own, item, (refused = clash)));
    return sent(messages, read.body, optionsFor(read.own), index, item);
  };
  return {
    base,
    concurrency: intOption(concurrency, 'concurrency', [1, 64], 8),
    signal: rest.signal,
    send,
    refused: () => refused,
  };
}

/** An item read once: the body to send (its own fields but the key) and its own key. */
interface ReadItem {
  body: MessageCreateParams;
  own: string | undefined;
}

/**
 * Reads an item once, before its key is checked: its own enumerable fields (but the key) as the
 * body, and its own key, unless `keys` holds those read when its array was checked. A getter
 * read again could hand the send another key, or another body, than the one checked. Anything
 * but an object, or one that throws when read, is that item's ValidationError.
 */
function readItem(
  item: unknown,
  index: number,
  keys: Map<number, string> | undefined,
): ReadItem | ValidationError {
  if (item === null || typeof item !== 'object') {
    const problem = "must be an object such as { to: '447700900123', message: 'Hi' }";
    return new ValidationError(`Invalid item ${index}: ${problem}. Nothing was sent.`, [
      { path: [index], message: problem },
    ]);
  }
  try {
    const body: Record<string, unknown> = {};
    for (const name of Object.keys(item)) {
      if (name === 'idempotencyKey') continue;
      const value = (item as Record<string, unknown>)[name];
      // As a spread copies it: `__proto__` as an own field, never the copy's prototype.
      if (name === '__proto__')
        Object.defineProperty(body, name, { value, enumerable: true, writable: true, configurable: true });
      else body[name] = value;
    }
    const own = keys === undefined ? ownKeyOf(item) : keys.get(index);
    return { body: body as unknown as MessageCreateParams, own };
  } catch (thrown) {
    return unreadable(`Item ${index}`, [index], thrown);
  }
}

/**
 * Each send's options for its key, registered with what the send is handed beside them
 * (internal/channel.ts): the caller's frame and the pacer, before every attempt or, while the
 * local pacer's gate is open, before the retries only.
 */
function sendOptions(
  rest: RequestOptions,
  given: Pacer | undefined,
  local: LocalPacer | undefined,
  site: CallSite,
): (key: string) => RequestOptions {
  const paced = sendChannel(rest, given ?? (local as Pacer), false, site);
  const lean =
    local !== undefined && rest.hooks === undefined ? sendChannel(rest, local, true, site) : undefined;
  return (key) =>
    withChannel(
      { ...rest, idempotencyKey: key },
      lean !== undefined && local?.gate.remaining() === 0 ? lean : paced,
    );
}

/**
 * One send's channel: the caller's frame and the pacer (before every attempt, or the retries
 * only). Without hooks or headers of the caller's, the options were checked whole for the batch
 * and hold nothing the caller can change later, so they are not checked again for every send (the
 * call checks each send's key).
 */
function sendChannel(rest: RequestOptions, pacer: Pacer, retriesOnly: boolean, site: CallSite): CallChannel {
  const checked = rest.hooks === undefined && rest.headers === undefined ? true : undefined;
  return { site, checked, ...pacing(pacer, retriesOnly) };
}

/** One send, settled as its result: one promise per item over the call's own. */
function sent(
  messages: MessageSender,
  body: MessageCreateParams,
  options: RequestOptions,
  index: number,
  item: CreateManyItem,
): Promise<CreateManyResult> {
  const idempotencyKey = options.idempotencyKey as string;
  const failure = (error: unknown) =>
    failed(index, idempotencyKey, item, resultError(error, `Item ${index}`, [index]));
  try {
    // `then` on the call's own promise: wrapping it first (Promise.resolve) would cost a promise and a turn.
    return Promise.resolve(
      messages
        .create(body, options)
        .then((message): CreateManySent => ({ index, idempotencyKey, item, ok: true, message }), failure),
    );
  } catch (error) {
    // A call that throws instead of rejecting is reported the same way: a result never rejects.
    return Promise.resolve(failure(error));
  }
}

/** The result of an item that was not sent or whose send failed. */
function failed(
  index: number,
  idempotencyKey: string,
  item: CreateManyItem,
  error: GatewayError,
): CreateManyFailed {
  return { index, idempotencyKey, item, ok: false, error };
}
