// A module loaded on first use (the engine, with ky and zod; createAll's checks), once for every
// caller. A load that failed (a chunk a page could not fetch for a moment) is not kept: the next
// caller loads again. A caller waits for it within its own limits (`loadFor`): its signal and
// what is left of its time.
import { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } from '../core/client-errors.js';
import { cleanText } from '../core/text.js';
import { attachCallSite, type CallSite } from './call-site.js';
import { now } from './runtime.js';
import type { Area } from './transport.js';

/** A value loaded on first use: `value` once loaded, `load()` to wait for it. */
export interface LoadOnce<T> {
  /** The loaded value, or undefined until the first load has succeeded. */
  readonly value: T | undefined;
  /** The value, loaded now if no load has succeeded or is running; concurrent callers share one load. */
  load(): Promise<T>;
}

/** `load` run on first use and its value kept; a rejected load is run again by the next `load()`. */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get value() {
      return value;
    },
    load() {
      return (loading ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      ));
    },
  };
}

/**
 * The waits on each signal: one abort listener per signal, however many first calls share it (one
 * each would pass Node's MaxListenersExceededWarning threshold of 10 and blame the app).
 */
const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/** Runs `onAbort` when `signal` fires; the function returned stops that, removing the listener with the last wait. */
function whenAborted(signal: AbortSignal, onAbort: () => void): () => void {
  let waits = waiting.get(signal);
  if (!waits) {
    const all = new Set<() => void>();
    const listener = () => {
      waiting.delete(signal);
      for (const wait of all) wait();
    };
    signal.addEventListener('abort', listener, { once: true });
    waiting.set(signal, (waits = all));
    // The first entry removes the listener: it runs when it is the last one left.
    all.add(() => signal.removeEventListener('abort', listener));
  }
  const set = waits;
  set.add(onAbort);
  return () => {
    set.delete(onAbort);
    if (set.size > 1) return;
    waiting.delete(signal);
    for (const remove of set) remove();
  };
}

/** A call's limits on its wait for a chunk, and what its errors name. */
export interface CallLimits {
  signal?: AbortSignal | undefined;
  totalTimeout?: number | undefined;
  idempotencyKey?: string | undefined;
  area?: Area | undefined;
  /** When the call was made, on ky's clock: its totalTimeout counts from there. */
  started: number;
}

/**
 * `once`'s value, for a call that found it not loaded: waited for within the call's signal and
 * what is left of its totalTimeout (the errors the call itself would give), a failed load as an
 * APIConnectionError; each names the app's frame (`site`). A wait that ends early leaves the load
 * going on, for the next caller; the listener and the timer are removed once the wait settles.
 */
export function loadFor<T>(once: LoadOnce<T>, limits: CallLimits, site: CallSite): Promise<T> {
  const { signal, totalTimeout, idempotencyKey, area } = limits;
  const loading = once.load().catch((cause: unknown) => {
    // Nothing was sent. The next call tries the load again, which is all a runtime allows: Node
    // keeps a module whose code threw while loading failed for the life of the process (only a
    // file it could not find is looked for again).
    const reason = cause instanceof Error ? cleanText(cause.message, 200) : 'unknown error';
    throw new APIConnectionError({
      area,
      idempotencyKey,
      cause,
      message:
        `The SDK's request code could not be loaded (${reason}), so nothing was sent. Check that ` +
        'gateway-sdk is installed whole and, in a browser, that the page can fetch its chunks. The ' +
        'next call tries the load again; in Node, a chunk whose code failed while loading stays ' +
        'failed until the process restarts.',
    });
  });
  const waited = new Promise<T>((resolve, reject) => {
    const abort = () => reject(new APIUserAbortError({ idempotencyKey, cause: signal?.reason }));
    if (signal?.aborted) return abort();
    const timer =
      totalTimeout === undefined
        ? undefined
        : setTimeout(
            () =>
              reject(
                new APIConnectionTimeoutError({
                  limit: 'totalTimeout',
                  timeoutMs: totalTimeout,
                  idempotencyKey,
                }),
              ),
            Math.max(0, totalTimeout - (now() - limits.started)),
          );
    const stop = signal && whenAborted(signal, abort);
    loading.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      stop?.();
    });
  });
  return waited.catch((error: unknown) => {
    throw attachCallSite(error, site);
  });
}
