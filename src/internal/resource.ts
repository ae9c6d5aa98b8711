// The base of every resource class: methods are one line over `_request` / `_list`, and the
// work they describe (path, query, body) is built inside the call, so a validation error
// rejects the returned promise instead of throwing, and nothing is sent. `send` starts each
// logical call on the client's transport; internal/call.ts holds the call itself, ky runs its
// attempts.
import type { z } from 'zod/mini';
import { APIPromise, type WithResponse } from '../core/api-promise.js';
import { attachCallSite, CALL_SITE, type CallSite, type SitedOptions } from './call-site.js';
import { CursorPage, PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/options.js';
import { checkRequestOptions } from './settings.js';
import { Call, type RequestSpec } from './call.js';
import type { Area, Transport } from './transport.js';

/** The validated parts of one request. */
export interface Target {
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

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
    build: () => Target,
    response: S,
    opts: RequestOptions | undefined,
  ): APIPromise<z.output<S>> {
    // The caller's frame for the error's stack (internal/call-site.ts): captured here, in the method's
    // own call, unless a batch helper passed its caller's. Inline, not through a helper, so the
    // stack keeps one SDK frame less and one frame of the app more.
    const site = (opts as SitedOptions | null | undefined)?.[CALL_SITE] ?? new Error();
    // Not an async arrow: one promise less per call. A validation error thrown by build() still
    // becomes a rejection, never a synchronous throw; being thrown in this call, its stack holds
    // the caller's frame already.
    return new APIPromise(() => {
      try {
        return send(this._transport, { area: this.area, method, ...build(), response }, opts, site);
      } catch (error) {
        return Promise.reject(error);
      }
    });
  }

  /** @internal */
  protected _list<T>(
    build: () => Target,
    pageSchema: z.ZodMiniType<CursorPageWire<T>>,
    opts: RequestOptions | undefined,
  ): PagePromise<T> {
    // Every page's error names the frame that called list() (internal/call-site.ts).
    const site = (opts as SitedOptions | null | undefined)?.[CALL_SITE] ?? new Error();
    let target: Target;
    try {
      target = build();
    } catch (error) {
      // Thrown in this call: its stack holds the caller's frame already.
      return new PagePromise<T>(() => Promise.reject(error));
    }
    const { path, query } = target;
    // Every page repeats the caller's filters; only `after` changes.
    const fetchPage = (after: string | undefined): PagePromise<T> => {
      return new PagePromise(async () => {
        let result: WithResponse<CursorPageWire<T>>;
        try {
          result = await send(
            this._transport,
            { area: this.area, method: 'GET', path, query: { ...query, after }, response: pageSchema },
            opts,
          );
        } catch (error) {
          throw attachCallSite(error, site);
        }
        return { ...result, data: new CursorPage<T>(result.data, after, fetchPage) };
      });
    };
    const first = query?.['after'];
    return fetchPage(typeof first === 'string' ? first : undefined);
  }
}

/** The list wrapper's fields the SDK reads. */
export type CursorPageWire<T> = { data: T[]; has_more: boolean; next_cursor?: string | null | undefined };

/**
 * Sends one logical call with the contract's retry policy; its input was validated by the resource.
 * The call's rejection carries `site`, when given.
 */
function send<S extends z.ZodMiniType>(
  transport: Transport,
  spec: RequestSpec<S>,
  options?: RequestOptions | null,
  site?: CallSite,
): Promise<WithResponse<z.output<S>>> {
  // Most calls pass no options: nothing to check.
  if (options != null) checkRequestOptions(options);
  const area = transport.get(spec.area) ?? transport.open(spec.area);
  return new Call(transport.context, area, spec, options ?? {}, site).run(spec.response);
}
