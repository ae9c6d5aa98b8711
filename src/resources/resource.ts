// The base of every resource class: methods are one line over `_request` / `_list`, naming their
// operation and handing its arguments; the engine (resources/engine.ts) reads the operation's
// method, path and schemas from the table (resources/operations.ts), so that no schema, no zod
// code and no table loads with the Client. A method copies its options when it is called (a list
// once for all its pages), cold or warm, and the call is checked and sent from that copy: what the
// caller changes afterwards is never sent. The engine loads on a client's first request, with ky;
// until it is in, a call waits for it, within its own `signal` and `totalTimeout` (a page's chunk
// may take long, or never come). A check that fails rejects the returned promise, never throws,
// and nothing is sent. A load that fails is an APIConnectionError, and the next call tries the load
// again.
import { APIPromise } from '../core/api-promise.js';
import { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import { channelOf } from '../internal/channel.js';
import type * as EngineModule from './engine.js';
import type { Answer, Args, Item } from './engine.js';
import type { OperationId } from './operations.js';
import { KIT } from '../internal/kit.js';
import { loadFor, loadOnce } from '../internal/load-once.js';
import { now } from '../internal/runtime.js';
import { copyCallOptions, isIntIn, TIMEOUT_RANGE } from '../internal/settings.js';
import type { Area, Transport } from '../internal/transport.js';

type Engine = typeof EngineModule;

/** The engine, imported once for every client; concurrent first calls share the one import. */
const engine = /* @__PURE__ */ loadOnce<Engine>(() =>
  import('./engine.js').then((loaded) => {
    // The CommonJS build hands a chunk's exports over as `default`.
    const loadedEngine =
      typeof loaded.request === 'function' ? loaded : (loaded as unknown as { default: Engine }).default;
    // What the engine shares with this load comes from here, not from imports of its own, so a
    // bundler keeps it in this chunk (internal/kit.ts).
    loadedEngine.start(KIT);
    return loadedEngine;
  }),
);

/** The area of an operation: its id's first segment (the table that says more loads with the engine). */
const areaOf = (id: OperationId): Area => id.split('.')[0] as Area;

/** The base of every resource class; its members are internal. */
export abstract class APIResource {
  // Private (`#`): the minifier shortens it, where a protected name would ship in full.
  readonly #transport: Transport;
  /** @internal */
  constructor(transport: Transport) {
    this.#transport = transport;
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
    const transport = this.#transport;
    let own: RequestOptions | undefined;
    try {
      // The call's options, copied now (settings.ts `copyCallOptions`): the engine checks and sends
      // this copy. A batch helper's (`channel.checked`) were copied for the batch already. Options
      // that cannot be read are a ValidationError with what was thrown as its cause.
      own = channel?.checked ? opts : copyCallOptions(opts);
    } catch (error) {
      return new APIPromise(() => Promise.reject(error));
    }
    const loaded = engine.value;
    if (loaded) return new APIPromise(() => loaded.request(transport, id, args, own, site, channel));
    const started = now();
    return new APIPromise(() =>
      loadFor(engine, { ...limitsOf(own, transport), area: areaOf(id), started }, site).then((e) =>
        e.request(transport, id, args, own, site, channel, started),
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
    const transport = this.#transport;
    let own: RequestOptions | undefined;
    try {
      // As `_request` does.
      own = channel?.checked ? opts : copyCallOptions(opts);
    } catch (error) {
      return new PagePromise(() => Promise.reject(error));
    }
    const loaded = engine.value;
    if (loaded) return loaded.list(transport, id, args, own, site, channel, true);
    const started = now();
    return new PagePromise(() =>
      loadFor(engine, { ...limitsOf(own, transport), area: areaOf(id), started }, site).then((e) =>
        e.list(transport, id, args, own, site, channel, false).withResponse(),
      ),
    );
  }
}

/**
 * The call's signal, totalTimeout (else the client's) and key, read from its copy as the call will
 * read them; a value the call would refuse is left for its check to report. The key is the
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
    // A signal whose members throw when read: the call's own check reports it once the engine is in.
    return {};
  }
}
