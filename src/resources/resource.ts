// The base of every resource class: methods are one line over `_request` / `_list`, and the work
// they describe (path, query, body, the answer's schema) is handed over as callbacks that the
// engine (resources/engine.ts) runs with the schemas, so that no schema and no zod code loads with
// the Client. The engine loads on a client's first request, with ky; until it is in, a call waits
// for it and is then checked and sent like any other. A check that fails rejects the returned
// promise, never throws, and nothing is sent.
import type { z } from 'zod/mini';
import { APIPromise } from '../core/api-promise.js';
import { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import { channelOf } from '../internal/channel.js';
import type * as EngineModule from './engine.js';
import type { Build, CursorPageWire, Schemas } from './engine.js';
import { loadOnce } from '../internal/load-once.js';
import { now } from '../internal/runtime.js';
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
  protected abstract readonly area: Area;
  /** @internal */
  protected readonly _transport: Transport;
  /** @internal */
  constructor(transport: Transport) {
    this._transport = transport;
  }

  /** @internal */
  protected _request<S extends z.ZodMiniType>(
    method: 'GET' | 'POST',
    build: Build,
    response: (s: Schemas) => S,
    opts: RequestOptions | undefined,
  ): APIPromise<z.output<S>> {
    // What a batch helper passed beside the options (internal/channel.ts), and the caller's frame
    // for the error's stack (internal/call-site.ts), captured in the method's own call unless the
    // channel holds its caller's.
    const channel = opts === undefined ? undefined : channelOf(opts);
    const site = channel?.site ?? new Error();
    const transport = this._transport;
    const area = this.area;
    const loaded = engine.value;
    if (loaded !== undefined)
      return new APIPromise(() =>
        loaded.request(transport, area, method, build, response, opts, site, channel),
      );
    const started = now();
    return new APIPromise(() =>
      engine
        .load()
        .then((e) => e.request(transport, area, method, build, response, opts, site, channel, started)),
    );
  }

  /** @internal */
  protected _list<T>(
    build: Build,
    page: (s: Schemas) => z.ZodMiniType<CursorPageWire<T>>,
    opts: RequestOptions | undefined,
  ): PagePromise<T> {
    // Every page's error names the frame that called list() (internal/call-site.ts).
    const channel = opts === undefined ? undefined : channelOf(opts);
    const site = channel?.site ?? new Error();
    const transport = this._transport;
    const area = this.area;
    const loaded = engine.value;
    if (loaded !== undefined) return loaded.list(transport, area, build, page, opts, site, channel, true);
    return new PagePromise(() =>
      engine
        .load()
        .then((e) => e.list(transport, area, build, page, opts, site, channel, false).withResponse()),
    );
  }
}
