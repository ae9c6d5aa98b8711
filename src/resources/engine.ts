// What the first request loads, in one dynamic import shared by every client (resources/resource.ts):
// ky, zod/mini with every request and response schema, the parse code and the call. A page that
// constructs a Client loads none of it until it sends. Input is still checked before anything is
// sent: a call waits for this module, validates, then sends
// (docs/decisions/engine-loads-on-first-request.md).
import type { z } from 'zod/mini';
import type { WithResponse } from '../core/api-promise.js';
import type { RequestOptions } from '../core/options.js';
// The value imports are in the order that places each file where gzip finds most of its text
// close by in the engine's chunk (`npm run size`: 77 B of the Client's all chunks against the order
// before); none reads another at import, so the order changes nothing else.
import { checkRequestOptions } from '../internal/request-options.js';
import { SafeLogger } from '../internal/safe-logger.js';
import { fillPath } from '../internal/path.js';
import { WALKER } from '../core/page-walk.js';
import { CursorPage, GatewayError, installWalker, PagePromise, ValidationError } from '../core/engine-kit.js';
import { ACCOUNT_SCHEMAS } from './models/account.js';
import { PAYMENT_SCHEMAS } from './models/payment.js';
import { Call, type RequestSpec } from '../internal/call.js';
import { SMS_SCHEMAS } from './models/sms.js';
import { type AreaOf, OPERATIONS, type Operation, type OperationId, type SchemaTable } from './operations.js';
import { openArea } from '../internal/area.js';
import type { CallSite } from '../internal/call-site.js';
import type { CallChannel } from '../internal/channel.js';
import { parseInput } from '../internal/schema.js';
import {
  attachCallSite,
  type EngineKit,
  ownProperties,
  takeKit,
  UNREADABLE,
  withCause,
} from '../internal/engine-kit.js';
import type { Area, Transport, TransportContext } from '../internal/transport.js';

/**
 * Takes what the first load hands the engine (internal/engine-kit.ts), then installs the walk over
 * pages, which loads here as pages come from here. Run once, by the loader, before any call.
 */
export function start(kit: EngineKit): void {
  takeKit(kit);
  installWalker(WALKER);
}

/** Every schema by area, which the operations name (resources/operations.ts). */
// Each area's table is at the end of its models file, beside the schemas (`SMS_SCHEMAS`).
export const schemas = { sms: SMS_SCHEMAS, payment: PAYMENT_SCHEMAS, account: ACCOUNT_SCHEMAS };
// A compile error here names a schema that an operation declares (resources/operations.ts) and
// its area's table does not list.
type _EveryDeclaredSchema<T extends SchemaTable = typeof schemas> = T;
/** The schemas by area. */
export type Schemas = typeof schemas;

type Declared<Id extends OperationId> = (typeof OPERATIONS)[Id];
type SchemaNamed<Id extends OperationId, N> = N extends keyof Schemas[AreaOf<Id>]
  ? Schemas[AreaOf<Id>][N]
  : never;
type PathValues<P extends string> = P extends `${string}{${string}}${infer Rest}`
  ? [Record<string, string>, ...PathValues<Rest>]
  : [];

/**
 * What a method hands its operation: one `{ name: value }` per path parameter (the name is the
 * method's, for errors), then the body of a POST or the query of a GET its declaration checks.
 */
export type Args<Id extends OperationId> = (PathValues<Declared<Id>['path']> extends []
  ? { path?: undefined }
  : { path: PathValues<Declared<Id>['path']> }) &
  (Declared<Id> extends { params: string }
    ? Declared<Id>['method'] extends 'POST'
      ? { body: unknown }
      : { query: unknown }
    : { body?: undefined; query?: undefined });

/** What an operation answers: its response schema's output. */
export type Answer<Id extends OperationId> = z.output<SchemaNamed<Id, Declared<Id>['response']>>;

/** An item of an operation that answers a cursor page. */
export type Item<Id extends OperationId> = Answer<Id> extends CursorPageWire<infer T> ? T : never;

/** The validated parts of one request. */
export interface Target {
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** The list wrapper's fields the SDK reads. */
export type CursorPageWire<T> = { data: T[]; has_more: boolean; next_cursor?: string | null | undefined };

/**
 * Checks and sends one call; a check that fails rejects, and nothing is sent. `channel` is what a
 * batch helper passed beside the options (internal/channel.ts). `started` is when the method was
 * called, given when the engine was not loaded yet: the method's own call is then no longer on the
 * stack, so an error thrown here gets `site` appended as the call's later ones do.
 */
export function request<Id extends OperationId>(
  transport: Transport,
  id: Id,
  args: Args<Id>,
  options: RequestOptions | undefined,
  site: CallSite,
  channel: CallChannel | undefined,
  started?: number,
): Promise<WithResponse<Answer<Id>>> {
  try {
    return send(
      transport,
      // A batch helper's send (it has a channel) hands out only the value (internal/channel.ts).
      specOf(id, args, !channel),
      checkedOptions(options, channel),
      channel,
      site,
      started,
    );
  } catch (thrown) {
    return Promise.reject(callerError(thrown, site, started !== undefined));
  }
}

/**
 * Checks a list's filters, then returns its first page's promise; every page repeats the filters.
 * `inFrame` when the method's own call is still on the stack (see `request`).
 */
export function list<Id extends OperationId, T = Item<Id>>(
  transport: Transport,
  id: Id,
  args: Args<Id>,
  options: RequestOptions | undefined,
  site: CallSite,
  channel: CallChannel | undefined,
  inFrame: boolean,
): PagePromise<T> {
  let spec: RequestSpec<z.ZodMiniType<CursorPageWire<T>>>;
  let own: RequestOptions;
  try {
    spec = specOf(id, args, true) as typeof spec;
    // Checked once for every page: the resource method copied them when list() was called.
    own = checkedOptions(options, channel);
  } catch (thrown) {
    const failure = callerError(thrown, site, !inFrame);
    return new PagePromise<T>(() => Promise.reject(failure));
  }
  const { query } = spec;
  // Every page repeats the caller's filters; only `after` changes.
  // `walk`: a walk's own fetch (core/page-walk.ts), whose promise nobody can ask for the response.
  const fetchPage = (after: string | undefined, walk = false): PagePromise<T> =>
    new PagePromise(async () => {
      let result: WithResponse<CursorPageWire<T>>;
      try {
        result = await send(
          transport,
          { ...spec, query: { ...query, after }, keepResponse: !walk },
          own,
          channel,
        );
      } catch (error) {
        throw attachCallSite(error, site);
      }
      const data = new CursorPage<T>(result.data, after, fetchPage);
      // The response is read through its getter only when asked for (Call.run builds it then). A
      // walk's own page has none to keep (Call.run), and keeps nothing of `result` either.
      const answer: { readonly response: Response } = walk ? { response: result.response } : result;
      return {
        data,
        requestId: result.requestId,
        get response() {
          return answer.response;
        },
      };
    });
  const first = query?.['after'];
  return fetchPage(typeof first === 'string' ? first : undefined);
}

/**
 * The request of operation `id` from what its method handed (`target`), with the schema that
 * parses its answer. Throws a ValidationError.
 */
function specOf<Id extends OperationId>(
  id: Id,
  args: Args<Id>,
  keepResponse: boolean,
): RequestSpec<z.ZodMiniType<Answer<Id>>> {
  const operation: Operation = OPERATIONS[id];
  return {
    area: areaOf(id),
    method: operation.method,
    template: operation.path,
    ...target(id, args),
    response: schemaOf(id, operation.response) as z.ZodMiniType<Answer<Id>>,
    keepResponse,
  };
}

/** The area of an operation: its id's first segment. */
function areaOf(id: OperationId): Area {
  return id.slice(0, id.indexOf('.')) as Area;
}

/** The schema `name` of the area of `id`; the compiler holds every declared name in `schemas`. */
function schemaOf(id: OperationId, name: string): z.ZodMiniType {
  return (schemas[areaOf(id)] as Record<string, z.ZodMiniType>)[name] as z.ZodMiniType;
}

/**
 * An operation's request from what its method handed: the declared path with the path parameters
 * encoded in, and the body of a POST or the query of a GET checked by the declared schema, which
 * errors name as its type (the schema's name without `Schema`). Throws a ValidationError.
 */
export function target<Id extends OperationId>(id: Id, args: Args<Id>): Target {
  const operation: Operation = OPERATIONS[id];
  const {
    path: params,
    body,
    query,
  } = args as { path?: Record<string, string>[]; body?: unknown; query?: unknown };
  const path = fillPath(operation.path, params);
  if (operation.params === undefined) return { path };
  const input = parseInput(
    schemaOf(id, operation.params),
    operation.method === 'POST' ? body : query,
    operation.params.replace(/Schema$/, ''),
  );
  return operation.method === 'POST' ? { path, body: input } : { path, query: input as Target['query'] };
}

/**
 * A call's options, checked: the copy the resource method made (resources/resource.ts), or a batch
 * helper's, checked once for the batch. Either way the call reads own properties only
 * (settings.ts `ownProperties`).
 */
function checkedOptions(
  options: RequestOptions | null | undefined,
  channel: CallChannel | undefined,
): RequestOptions {
  // Most calls pass no options: nothing to check.
  return options == null
    ? NO_OPTIONS
    : channel?.checked
      ? ownProperties(options)
      : checkRequestOptions(options);
}

/**
 * Sends one logical call with the contract's retry policy; its input was validated by `target`, its
 * options by `checkedOptions`. The call's rejection carries `site`, when given.
 */
function send<S extends z.ZodMiniType>(
  transport: Transport,
  spec: RequestSpec<S>,
  own: RequestOptions,
  channel: CallChannel | undefined,
  site?: CallSite,
  started?: number,
): Promise<WithResponse<z.output<S>>> {
  const context = transport.context ?? transport.setContext(contextOf(transport));
  return new Call(
    context,
    transport.get(spec.area) ?? transport.set(openArea(context, spec.area)),
    spec,
    own,
    site,
    started,
    channel,
  ).run(spec.response);
}

/**
 * What a method's checks threw: the SDK's own error as it is; anything else was thrown by reading
 * the caller's parameters (a getter or Proxy that throws), a ValidationError with it as the cause.
 * `late` when the method's own call is no longer on the stack: `site` is then appended.
 */
function callerError(thrown: unknown, site: CallSite, late: boolean): unknown {
  const error =
    thrown instanceof GatewayError
      ? thrown
      : withCause(
          new ValidationError(`The call's parameters ${UNREADABLE}. Nothing was sent.`, [
            { path: [], message: UNREADABLE },
          ]),
          thrown,
        );
  return late ? attachCallSite(error, site) : error;
}

/** A call's options when none are given: no prototype, so nothing set on Object.prototype is read as one. */
const NO_OPTIONS: RequestOptions = Object.freeze(Object.create(null) as RequestOptions);

/** What every call of a client reads, built on its first call: the logger among it. */
function contextOf(transport: Transport): TransportContext {
  const init = transport.init;
  const { settings, warned } = init;
  // The init as it is, the sink and secrets with it: the logger holds them and nothing reads them.
  return {
    ...init,
    logger: new SafeLogger(init.sink, settings.logLevel, init.secrets),
    deprecationsWarned: (warned.deprecationsWarned ??= new Set()),
    driftWarned: (warned.driftWarned ??= new Set()),
  };
}
