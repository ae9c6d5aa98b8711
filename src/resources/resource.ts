// The base of every resource class: methods are one line over `_request` / `_list`, naming their
// operation and handing its arguments; the engine (resources/engine.ts) reads the operation's
// method, path and schemas from the table (resources/operations.ts), so that no schema, no zod
// code and no table loads with the Client. The engine loads on a client's first request, with ky; until it is in, a call waits
// for it, within its own `signal` and `totalTimeout` (a page's chunk may take long, or never come),
// and is then checked and sent like any other. A check that fails rejects the returned promise,
// never throws, and nothing is sent. A load that fails is an APIConnectionError, and the next call
// loads again.
import { APIPromise } from '../core/api-promise.js';
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from '../core/client-errors.js';
import { cleanText } from '../core/text.js';
import { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import { channelOf } from '../internal/channel.js';
import { attachCallSite, type CallSite } from '../internal/call-site.js';
import type * as EngineModule from './engine.js';
import type { Answer, Args, Item } from './engine.js';
import type { OperationId } from './operations.js';
import { loadOnce, loadWithin } from '../internal/load-once.js';
import { now } from '../internal/runtime.js';
import { isIntIn, TIMEOUT_RANGE } from '../internal/settings.js';
import type { Area, Transport } from '../internal/transport.js';

type Engine = typeof EngineModule;

/** The engine, imported once for every client; concurrent first calls share the one import. */
const engine = /* @__PURE__ */ loadOnce<Engine>(() =>
  import('./engine.js').then(
    // The CommonJS build hands a chunk's exports over as `default`.
    (loaded) =>
      typeof loaded.request === 'function' ? loaded : (loaded as unknown as { default: Engine }).default,
  ),
);

/** The base of every resource class; its members are internal. */
export abstract class APIResource {
  /** @internal */
  protected readonly _transport: Transport;
  /** @internal */
  constructor(transport: Transport) {
    this._transport = transport;
  }

  /** @internal */
  protected _request<Id extends OperationId>(
    id: Id,
    args: Args<Id>,
    opts: RequestOptions | undefined,
  ): APIPromise<Answer<Id>> {
    // What a batch helper passed beside the options (internal/channel.ts), and the caller's frame
    // for the error's stack (internal/call-site.ts), captured in the method's own call unless the
    // channel holds its caller's.
    const channel = opts === undefined ? undefined : channelOf(opts);
    const site = channel?.site ?? new Error();
    const transport = this._transport;
    const loaded = engine.value;
    if (loaded !== undefined)
      return new APIPromise(() => loaded.request(transport, id, args, opts, site, channel));
    const started = now();
    return new APIPromise(() =>
      engineFor(transport, id, opts, site, started).then((e) =>
        e.request(transport, id, args, opts, site, channel, started),
      ),
    );
  }

  /** @internal */
  protected _list<Id extends OperationId>(
    id: Id,
    args: Args<Id>,
    opts: RequestOptions | undefined,
  ): PagePromise<Item<Id>> {
    // Every page's error names the frame that called list() (internal/call-site.ts).
    const channel = opts === undefined ? undefined : channelOf(opts);
    const site = channel?.site ?? new Error();
    const transport = this._transport;
    const loaded = engine.value;
    if (loaded !== undefined) return loaded.list(transport, id, args, opts, site, channel, true);
    const started = now();
    return new PagePromise(() =>
      engineFor(transport, id, opts, site, started).then((e) =>
        e.list(transport, id, args, opts, site, channel, false).withResponse(),
      ),
    );
  }
}

/**
 * The engine, for a call that found it not loaded: waited for within the call's signal and what is
 * left of its totalTimeout (the errors the call itself would give), a failed load as an
 * APIConnectionError; each names the app's frame (`site`).
 */
function engineFor(
  transport: Transport,
  id: OperationId,
  opts: RequestOptions | undefined,
  site: CallSite,
  started: number,
): Promise<Engine> {
  const { signal, totalTimeout, idempotencyKey } = limitsOf(opts, transport);
  const loading = engine.load().catch((cause: unknown) => {
    // The area is the id's first segment; the table that says more loads with the engine.
    throw loadFailure(id.slice(0, id.indexOf('.')) as Area, cause, idempotencyKey);
  });
  return loadWithin(loading, {
    signal,
    ms: totalTimeout === undefined ? undefined : Math.max(0, totalTimeout - (now() - started)),
    aborted: () => new APIUserAbortError({ idempotencyKey, cause: signal?.reason }),
    timedOut: () =>
      new APIConnectionTimeoutError({ limit: 'totalTimeout', timeoutMs: totalTimeout ?? 0, idempotencyKey }),
  }).catch((error: unknown) => {
    throw attachCallSite(error, site);
  });
}

/**
 * The call's signal, totalTimeout (else the client's) and key, read from own properties as the call
 * will read them; a value the call would refuse is left for its check to report. The key is the
 * caller's as given: whether the operation is a POST is in the table, which loads with the engine.
 */
function limitsOf(
  opts: RequestOptions | undefined,
  transport: Transport,
): { signal?: AbortSignal; totalTimeout?: number; idempotencyKey?: string } {
  try {
    const own = opts !== null && typeof opts === 'object' ? opts : {};
    const read = (name: keyof RequestOptions): unknown => (Object.hasOwn(own, name) ? own[name] : undefined);
    const signal = read('signal') as Partial<AbortSignal> | undefined;
    const total = read('totalTimeout') ?? transport.init.settings.totalTimeout;
    const key = read('idempotencyKey');
    return {
      signal:
        typeof signal?.aborted === 'boolean' && typeof signal.addEventListener === 'function'
          ? (signal as AbortSignal)
          : undefined,
      totalTimeout: isIntIn(total, TIMEOUT_RANGE) ? total : undefined,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    };
  } catch {
    // A getter that throws: the call's own check reports it once the engine is in.
    return {};
  }
}

/** What a failed engine load rejects with: nothing was sent, and the next call loads it again. */
function loadFailure(area: Area, cause: unknown, idempotencyKey: string | undefined): APIConnectionError {
  const reason = cause instanceof Error ? cleanText(cause.message, 200) : 'unknown error';
  return new APIConnectionError({
    area,
    idempotencyKey,
    cause,
    message:
      `The SDK's request code could not be loaded (${reason}), so nothing was sent. Check that ` +
      'gateway-sdk is installed whole and, in a browser, that the page can fetch its chunks; ' +
      'the next call loads it again.',
  });
}
