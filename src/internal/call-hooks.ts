// What the SDK's own ky hook asks of the call it runs for, that hook, and ky's retry options (the
// policy is internal/retry.ts's; each call adds its own check, `Call.#shouldRetry`). A module of its own, next to the call
// that implements it, so that transport.ts and call.ts, which reach the call through ky's `context`,
// need not import the call, nor each other. The retry options are here, not in retry.ts, as this
// module loads only with the engine, which places it just after ky in the bundle: gzip finds their
// names (`statusCodes`, `afterStatusCodes`, …) in ky's own defaults.
import type * as Ky from 'ky';
import type { BeforeRetryState, Hooks as KyHooks, RetryOptions } from 'ky';
import type { HookState, Hooks } from '../core/hooks.js';
import type { Pace } from './channel.js';
import { RETRY_AFTER_CAP_MS, RETRY_STATUSES } from './retry.js';
import { ownProperties } from './settings.js';

/** ky's `stop` symbol's type. */
export type KyStop = (typeof Ky)['default']['stop'];

/** What the SDK's own hook asks of the call it runs for; each call passes itself as ky's `context.call`. */
export interface CallHooks {
  /** Runs before each retry, ahead of the user's `beforeRetry` hooks. */
  beforeRetry(state: BeforeRetryState): KyStop | undefined;
}

/**
 * ky's retry options, the same for every call; each call passes them with its `limit`, its
 * `shouldRetry` and its `delay` (internal/call.ts), which honours `Retry-After` on every retried status with its jitter, else backs
 * off. ky reads no timing header itself (`afterStatusCodes` is empty): ky 2 would also wait
 * for `RateLimit-Reset` and kin, read whole seconds, add no jitter (docs/decisions/retry-after-waits.md).
 * POST is listed: every POST carries an Idempotency-Key, so retrying it is safe.
 */
export const RETRY_OPTIONS: RetryOptions = {
  methods: ['get', 'post'],
  // The list itself: ky copies the one it is given before any hook can see it.
  statusCodes: RETRY_STATUSES as number[],
  afterStatusCodes: [],
  // The call's delay caps each wait itself (8 s for a backoff, 60 s for a Retry-After).
  backoffLimit: RETRY_AFTER_CAP_MS,
  retryOnTimeout: true,
};

/**
 * `hooks` with the SDK's own `beforeRetry` hook ahead of theirs; it hands each retry to the call
 * it belongs to (ky's `context.call`). The user's hooks have the types of core/hooks.ts, which
 * describe ky 2's without naming it.
 */
export function withOwnHook(hooks: Hooks | undefined): KyHooks {
  return {
    ...hooks,
    beforeRetry: [
      (state: BeforeRetryState) => (state.options.context['call'] as CallHooks).beforeRetry(state),
      ...(hooks?.beforeRetry ?? []),
    ],
  } as KyHooks;
}

/**
 * ky's hooks for one call: the user's (the client's are on the area's instance), then the pacer's
 * waits, with the SDK's own `beforeRetry` ahead of all unless the area's instance has it.
 * `undefined` when there are none, so ky has nothing to merge.
 */
export function callHooks(
  user: Hooks | undefined,
  pace: Pace | undefined,
  ownHook: boolean,
): KyHooks | undefined {
  const hooks = pace === undefined ? user : withWaits(user, pace);
  if (hooks === undefined) return undefined;
  return ownHook ? (hooks as KyHooks) : withOwnHook(hooks);
}

/** The last hooks built for each pace, with the user's hooks they were built on. */
const waits = new WeakMap<Pace, { user: Hooks | undefined; hooks: Hooks }>();

/**
 * `user` with the pacer's waits after them: `beforeRequest` before the first attempt (unless the
 * pace skips it) and `beforeRetry` before each retry, both outside the attempt's timeout, where a
 * wait inside `fetch` would not be. Built once per pace and user hooks (a batch's sends share them).
 */
function withWaits(user: Hooks | undefined, pace: Pace): Hooks {
  const built = waits.get(pace);
  if (built !== undefined && built.user === user) return built.hooks;
  const wait = ({ request }: HookState) => pace.acquire(request.signal);
  const hooks: Hooks = { ...user, beforeRetry: [...(user?.beforeRetry ?? []), wait] };
  if (!pace.retriesOnly) hooks.beforeRequest = [...(user?.beforeRequest ?? []), wait];
  waits.set(pace, { user, hooks });
  return hooks;
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
