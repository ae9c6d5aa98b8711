// What the SDK's own ky hook asks of the call it runs for, and that hook; and the tables each call
// hands ky: the methods it may retry (the policy is internal/retry.ts's, which each call's
// `Call.#shouldRetry` applies) and the option and fetch-init names it defends against prototype
// pollution.
// A module of its own, next to the call that implements it, so that transport.ts and call.ts, which
// reach the call through ky's `context`, need not import the call, nor each other. The tables are
// here, not in retry.ts or call.ts, as this module loads only with the engine, which places it just
// after ky in the bundle: gzip finds their names (`throwHttpErrors`, `onDownloadProgress`, …) in ky's own
// tables, a short way back.
import type * as Ky from 'ky';
import type { BeforeRetryState, Hooks as KyHooks } from 'ky';
import type { Hooks } from '../core/hooks.js';
import type { Pace } from './channel.js';
import { ownProperties } from './engine-kit.js';

/** ky's `stop` symbol's type. */
export type KyStop = (typeof Ky)['default']['stop'];

/** What a call gives ky as its `context` (internal/call.ts): what the SDK's own hook asks of it, and its operation. */
export interface CallHooks {
  /** Runs before each retry, ahead of the user's `beforeRetry` hooks. */
  beforeRetry(state: BeforeRetryState): KyStop | undefined;
  /** The operation's path template, for gateway-sdk/otel. */
  template: string;
}

/**
 * The names a call defends while other code has set one on Object.prototype (prototype pollution):
 * ky's options a call does not set, the request's body and signal, and the headers and timeout a
 * call then always sets. ky reads each with a plain read, which the polluted name would otherwise
 * answer, giving a GET a `json` body, or making an error status resolve (`throwHttpErrors`), so a
 * call then gives them all as its own (`UNSET`; the ones it sets replace them). Fetch's own members
 * are given in `fetch` (Node's Request drops an own `undefined` and reads the prototype anyway).
 * Written in the order ky lists its options, so that gzip finds them in ky's own table in the bundle.
 */
export const UNSET_NAMES = Object.keys({
  json: true,
  parseJson: true,
  stringifyJson: true,
  searchParams: true,
  baseUrl: true,
  timeout: true,
  totalTimeout: true,
  throwHttpErrors: true,
  onDownloadProgress: true,
  onUploadProgress: true,
  body: true,
  signal: true,
  headers: true,
});

/**
 * Each of UNSET_NAMES as an own `undefined`, but searchParams: ky's merge drops an undefined one,
 * leaving the polluted one to be read, so it is '', which is none.
 */
export const UNSET: Readonly<Record<string, unknown>> = Object.freeze({
  ...Object.fromEntries(UNSET_NAMES.map((name) => [name, undefined])),
  searchParams: '',
});

/**
 * The members of a fetch init that Node's Request reads, own or inherited: the Request's init
 * members, in the order ky lists them (gzip finds them in ky's own table), and fetch's own.
 */
export const REQUEST_INIT = Object.keys({
  method: true,
  headers: true,
  body: true,
  mode: true,
  credentials: true,
  cache: true,
  redirect: true,
  referrer: true,
  referrerPolicy: true,
  integrity: true,
  keepalive: true,
  signal: true,
  window: true,
  duplex: true,
  dispatcher: true,
  priority: true,
});

/**
 * Whether other code has set `name` on Object.prototype (asked of each of a list with `some`). Only
 * then does a call defend against it: ky merges a call's options one key at a time, copying the whole object for each, and
 * a fetch init on no prototype is read as a dictionary, so the defences cost every call.
 */
export const polluted = (name: string): boolean => name in Object.prototype;

/**
 * The methods ky may retry, the only retry list a call hands ky: each call passes it with its
 * `limit`, its `delay` and its `shouldRetry` (internal/call.ts), which decides every retry itself
 * (internal/retry.ts states the policy), so ky's own statuses, `Retry-After` reading and timeout
 * rule are never consulted: ky copies every list it is given twice per call. The call's delay
 * honours `Retry-After` on every retried status with its jitter, else backs off; ky 2 would also
 * wait for `RateLimit-Reset` and kin, read whole seconds, add no jitter
 * (docs/decisions/retry-after-waits.md). POST is listed: every POST carries an Idempotency-Key, so
 * retrying it is safe.
 */
export const RETRY_METHODS = ['get', 'post'];

/**
 * `hooks` with the SDK's own `beforeRetry` hook ahead of theirs; it hands each retry to the call
 * it belongs to (ky's `context.beforeRetry`). The user's hooks have the types of core/hooks.ts, which
 * describe ky 2's without naming it.
 */
export function withOwnHook(hooks: Hooks | undefined): KyHooks {
  return {
    ...hooks,
    beforeRetry: [
      (state: BeforeRetryState) => (state.options.context['beforeRetry'] as CallHooks['beforeRetry'])(state),
      ...(hooks?.beforeRetry ?? []),
    ],
  } as KyHooks;
}

/**
 * ky's hooks for one call: the user's (the client's are on the area's instance), then the pacer's
 * waits (the pace builds them: channel.ts), with the SDK's own `beforeRetry` ahead of all unless
 * the area's instance has it. `undefined` when there are none, so ky has nothing to merge.
 */
export function callHooks(
  user: Hooks | undefined,
  pace: Pace | undefined,
  ownHook: boolean,
): KyHooks | undefined {
  const hooks = pace ? pace.hooks(user) : user;
  return hooks && (ownHook ? (hooks as KyHooks) : withOwnHook(hooks));
}

/**
 * The request as it goes on the wire: ky's, with the area's `Authorization` set last, after every
 * hook. The credential is on no object a hook is shown (ky's options, its Request, the errors and
 * retry state that hold them), so none can print it. With hooks, the request sent is a copy, as ky
 * shows the Request it passed here to `afterResponse` and `beforeError`; without them no user code
 * sees ky's objects and the header is set in place, sparing every call a copy.
 */
export function withCredential(request: Request, authorization: string, hooked: boolean): Request {
  // A copy is copied entry by entry: Node 20's fetch copies a cloned request's Headers object
  // incompletely.
  const headers = hooked ? new Headers([...request.headers]) : request.headers;
  headers.set('authorization', authorization);
  // The method given and no prototype: Node's Request reads a member its init lacks from
  // Object.prototype, where other code may have set one (prototype pollution).
  return hooked ? new Request(request, ownProperties({ method: request.method, headers })) : request;
}
