// The app's frame in every error a method rejects with. Errors are built deep inside the call (in
// a ky hook, after a timer, when a body is read), where the stack holds no frame of the code that
// called the method. So the call site is captured when the method is called and appended to the
// error's `stack` when the call rejects, as stripe-node does. Capturing costs one `new Error()`:
// engines record the frames and build the text only if `stack` is read, which the SDK does only
// when the error's `stack` is read (docs/decisions/call-site-frames.md).
import { GatewayError } from '../core/errors.js';

/** Where a call entered the SDK: an Error whose `stack` text is built only if read. */
export type CallSite = Error;

/**
 * Appends the frames of `site` to `error.stack` when it is read; errors that are not the SDK's, and
 * any error when there is no site, are left as they are. Returns `error`. The error's own stack is read now: V8 and JavaScriptCore keep
 * it as a data property, which formats it when read anyway, and only a call that failed pays.
 */
export function attachCallSite<E>(error: E, site: CallSite | undefined): E {
  if (!site || !(error instanceof GatewayError)) return error;
  const own = error.stack;
  let text: string | undefined;
  // The SDK's own error, fresh from the call: never frozen.
  Object.defineProperty(error, 'stack', {
    configurable: true,
    // The site's first line is its empty message, `Error`, in V8 and JavaScriptCore.
    get: () => (text ??= `${own}\n${site.stack?.replace(/^Error\n/, '')}`),
    set(value: unknown) {
      // Assigning a stack (some loggers do) replaces it, as on any error.
      Object.defineProperty(this, 'stack', { value, writable: true, configurable: true });
    },
  });
  return error;
}
