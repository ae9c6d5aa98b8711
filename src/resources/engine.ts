// What the first request loads, in one dynamic import shared by every client (resources/resource.ts):
// ky, zod/mini with every request and response schema, the parse code and the call. A page that
// constructs a Client loads none of it until it sends. Input is still checked before anything is
// sent: a call waits for this module, validates, then sends
// (docs/decisions/engine-loads-on-first-request.md).
import type { z } from 'zod/mini';
import type { WithResponse } from '../core/api-promise.js';
import type { RequestOptions } from '../core/options.js';
import { CursorPage, PagePromise } from '../core/pagination.js';
import * as account from './account/models.js';
import * as payment from './payment/models.js';
import * as sms from './sms/models.js';
import type { SchemaTable } from './operations.js';
import { openArea } from '../internal/area.js';
import { Call, type RequestSpec } from '../internal/call.js';
import { attachCallSite, type CallSite } from '../internal/call-site.js';
import type { CallChannel } from '../internal/channel.js';
import { path } from '../internal/path.js';
import { SafeLogger } from '../internal/safe-logger.js';
import { parseInput } from '../internal/schema.js';
import { checkRequestOptions, ownProperties } from '../internal/settings.js';
import type { Area, Transport, TransportContext } from '../internal/transport.js';

/** Every schema by area, the input check and the path encoder, for the methods' `build` and `response` callbacks. */
// Each area is its models.ts as a whole, so a schema written there is here without another line.
export const schemas = { sms, payment, account, parseInput, path };
// A compile error here names a schema that an operation declares (resources/operations.ts) and
// its area's models.ts does not export.
type _EveryDeclaredSchema<T extends SchemaTable = typeof schemas> = T;
/** What a method's callbacks are handed. */
export type Schemas = typeof schemas;

/** The validated parts of one request. */
export interface Target {
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** How a method builds its request from the schemas, checking its input. */
export type Build = (s: Schemas) => Target;

/** The list wrapper's fields the SDK reads. */
export type CursorPageWire<T> = { data: T[]; has_more: boolean; next_cursor?: string | null | undefined };

/**
 * Checks and sends one call; a check that fails rejects, and nothing is sent. `channel` is what a
 * batch helper passed beside the options (internal/channel.ts). `started` is when the method was
 * called, given when the engine was not loaded yet: the method's own call is then no longer on the
 * stack, so an error thrown here gets `site` appended as the call's later ones do.
 */
export function request<S extends z.ZodMiniType>(
  transport: Transport,
  area: Area,
  method: 'GET' | 'POST',
  build: Build,
  response: (s: Schemas) => S,
  options: RequestOptions | undefined,
  site: CallSite,
  channel: CallChannel | undefined,
  started?: number,
): Promise<WithResponse<z.output<S>>> {
  try {
    return send(
      transport,
      { area, method, ...build(schemas), response: response(schemas) },
      options,
      channel,
      site,
      started,
    );
  } catch (error) {
    return Promise.reject(started === undefined ? error : attachCallSite(error, site));
  }
}

/**
 * Checks a list's filters, then returns its first page's promise; every page repeats the filters.
 * `inFrame` when the method's own call is still on the stack (see `request`).
 */
export function list<T>(
  transport: Transport,
  area: Area,
  build: Build,
  page: (s: Schemas) => z.ZodMiniType<CursorPageWire<T>>,
  options: RequestOptions | undefined,
  site: CallSite,
  channel: CallChannel | undefined,
  inFrame: boolean,
): PagePromise<T> {
  let target: Target;
  let pageSchema: z.ZodMiniType<CursorPageWire<T>>;
  try {
    target = build(schemas);
    pageSchema = page(schemas);
  } catch (error) {
    const failure = inFrame ? error : attachCallSite(error, site);
    return new PagePromise<T>(() => Promise.reject(failure));
  }
  const { path, query } = target;
  // Every page repeats the caller's filters; only `after` changes.
  const fetchPage = (after: string | undefined): PagePromise<T> =>
    new PagePromise(async () => {
      let result: WithResponse<CursorPageWire<T>>;
      try {
        result = await send(
          transport,
          { area, method: 'GET', path, query: { ...query, after }, response: pageSchema },
          options,
          channel,
        );
      } catch (error) {
        throw attachCallSite(error, site);
      }
      const data = new CursorPage<T>(result.data, after, fetchPage);
      // The response is read through its getter only when asked for (Call.run builds it then).
      return {
        data,
        requestId: result.requestId,
        get response() {
          return result.response;
        },
      };
    });
  const first = query?.['after'];
  return fetchPage(typeof first === 'string' ? first : undefined);
}

/**
 * Sends one logical call with the contract's retry policy; its input was validated by `build`.
 * The call's rejection carries `site`, when given.
 */
function send<S extends z.ZodMiniType>(
  transport: Transport,
  spec: RequestSpec<S>,
  options: RequestOptions | null | undefined,
  channel: CallChannel | undefined,
  site?: CallSite,
  started?: number,
): Promise<WithResponse<z.output<S>>> {
  // Most calls pass no options: nothing to check; a batch helper's were checked once for the batch.
  // Either way the call reads own properties only (settings.ts `ownProperties`).
  const own =
    options == null
      ? NO_OPTIONS
      : channel?.checked === true
        ? ownProperties(options)
        : checkRequestOptions(options);
  const context = transport.context ?? transport.setContext(contextOf(transport));
  const areaTransport = transport.get(spec.area) ?? transport.set(openArea(context, spec.area));
  return new Call(context, areaTransport, spec, own, site, started, channel).run(spec.response);
}

/** A call's options when none are given: no prototype, so nothing set on Object.prototype is read as one. */
const NO_OPTIONS: RequestOptions = Object.freeze(ownProperties({}));

/** What every call of a client reads, built on its first call: the logger among it. */
function contextOf(transport: Transport): TransportContext {
  const { settings, sink, secrets, random, userAgent, warned } = transport.init;
  return {
    settings,
    logger: new SafeLogger(sink, settings.logLevel, secrets),
    random,
    userAgent,
    deprecationsWarned: (warned.deprecationsWarned ??= new Set()),
    driftWarned: (warned.driftWarned ??= new Set()),
  };
}
