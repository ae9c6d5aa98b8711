// The app's frame in every error a method rejects with. Errors are built deep inside the call (in
// a ky hook, after a timer, when a body is read), where the stack holds no frame of the code that
// called the method. So the call site is captured when the method is called and appended to the
// error's `stack` when the call rejects, as stripe-node does. Capturing costs one `new Error()`:
// engines record the frames and build the text only if `stack` is read, and the appended text is
// built only when the error's own `stack` is read (docs/decisions.md).
import { GatewayError } from './errors.js';

/** Where a call entered the SDK: an Error whose `stack` text is built only if read. */
export type CallSite = Error;

/**
 * The request option under which the batch helpers (`createAll`, `createMany`) hand the site of
 * the user's call to each send, so that a chunk's or an item's error names the app's frame, not the
 * pool's.
 */
export const CALL_SITE: unique symbol = Symbol('gateway-sdk.callSite');

/** Request options that may carry the site of the call they belong to. */
export interface SitedOptions {
  [CALL_SITE]?: CallSite | undefined;
}

/** Captures the current call site (cheap: the stack text is formatted only if read). */
export function captureCallSite(): CallSite {
  return new Error();
}

/** The site `opts` carries from a batch helper, else the current one. */
export function callSiteOf(opts: unknown): CallSite {
  return (opts as SitedOptions | null | undefined)?.[CALL_SITE] ?? captureCallSite();
}

/** `opts` with `site` added, for a batch helper to pass to each send; anything else as it is, to be refused. */
export function withCallSite<O>(opts: O, site: CallSite): O {
  if (opts === undefined) return { [CALL_SITE]: site } as O;
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) return opts;
  return { ...opts, [CALL_SITE]: site };
}

/** Errors that already carry a site: the first (innermost) one attached wins. */
const sited = new WeakSet<object>();

/**
 * Appends the frames of `site` to `error.stack`, once, lazily; errors that are not the SDK's are
 * left as they are. Returns `error`.
 */
export function attachCallSite<E>(error: E, site: CallSite): E {
  if (!(error instanceof GatewayError) || sited.has(error)) return error;
  sited.add(error);
  const own = ownStack(error);
  let text: unknown;
  try {
    Object.defineProperty(error, 'stack', {
      configurable: true,
      enumerable: false,
      get: () => (text ??= appendSite(own(), site.stack)) as string | undefined,
      set(value: unknown) {
        // Assigning a stack (some loggers do) replaces it, as on any error.
        Object.defineProperty(this, 'stack', {
          value,
          writable: true,
          configurable: true,
          enumerable: false,
        });
      },
    });
  } catch {
    // A frozen error keeps its own stack.
  }
  return error;
}

/** A rejected promise of `error` with `site` attached. */
export function rejectWithSite(error: unknown, site: CallSite): Promise<never> {
  return Promise.reject(attachCallSite(error, site));
}

/** `promise`, whose rejection carries `site`. */
export function sitedPromise<T>(promise: Promise<T>, site: CallSite): Promise<T> {
  return promise.then(undefined, (error: unknown) => rejectWithSite(error, site));
}

/**
 * Reads the error's own stack later, without formatting it now where the engine formats lazily
 * through an accessor (own, or on the prototype as in Firefox). V8 and JavaScriptCore keep it as a
 * data property, whose value is read here.
 */
function ownStack(error: Error): () => unknown {
  const own = Object.getOwnPropertyDescriptor(error, 'stack');
  if (own === undefined) return () => Reflect.get(Object.getPrototypeOf(error) as object, 'stack', error);
  const get = own.get;
  if (get !== undefined) return () => get.call(error);
  const value: unknown = own.value;
  return () => value;
}

/** The error's stack followed by the site's frames (its first line, `Error`, left out). */
function appendSite(stack: unknown, site: string | undefined): unknown {
  if (typeof stack !== 'string' || site === undefined) return stack;
  const frames = site.startsWith('Error\n') ? site.slice('Error\n'.length) : site;
  return frames === '' ? stack : `${stack.replace(/\n+$/, '')}\n${frames}`;
}
