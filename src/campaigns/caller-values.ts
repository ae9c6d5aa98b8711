// What a caller hands the batch helpers (options, items, params, sources) is read inside a guard:
// a getter that throws, a Proxy whose traps throw or an iterator that answers nonsense is the
// caller's value being unreadable, which is a ValidationError naming what could not be read, with
// what was thrown as its `cause`. So every error these helpers end with or report is a
// GatewayError, as their types say; an error the source itself raises while reading (a file that
// cannot be read) is the source's, and passes as it is, as documented.
import { ValidationError } from '../core/client-errors.js';
import type { GatewayError } from '../core/errors.js';
import { isGatewayError } from '../core/error-guards.js';

/** Whether `thrown` is an error of the SDK's; a value whose brand cannot even be read is not. */
function isOwn(thrown: unknown): thrown is GatewayError {
  try {
    return isGatewayError(thrown);
  } catch {
    return false;
  }
}

/** What was thrown, named for a message: the error's class, never its text (it may hold anything). */
function kindOf(thrown: unknown): string {
  try {
    return thrown instanceof Error ? `a ${thrown.name}` : `a thrown ${typeof thrown}`;
  } catch {
    return 'a value that cannot be read';
  }
}

/** A ValidationError saying `what` could not be read, with what was thrown as its cause. */
export function unreadable(
  what: string,
  path: (string | number)[],
  thrown: unknown,
  problem = `could not be read: reading it threw ${kindOf(thrown)} (this error's cause)`,
  next = 'Pass plain data: no getter that throws, no Proxy. Nothing was sent for it.',
): ValidationError {
  const error = new ValidationError(`${what} ${problem}. ${next}`, [{ path, message: problem }]);
  // As `new Error(message, { cause })` sets it: an own property that JSON and toJSON leave out.
  Object.defineProperty(error, 'cause', { value: thrown, writable: true, configurable: true });
  return error;
}

/** `read()`; an exception that is not the SDK's becomes a ValidationError naming `what` at `path`. */
export function readCaller<T>(what: string, path: (string | number)[], read: () => T): T {
  try {
    return read();
  } catch (thrown) {
    throw isOwn(thrown) ? thrown : unreadable(what, path, thrown);
  }
}

/**
 * The error a result reports: the SDK's own as it is; anything else (thrown by code of the
 * caller's that the send ran, such as a hook, or by a value that throws when serialized) a
 * ValidationError naming `what`, with it as the cause.
 */
export function resultError(thrown: unknown, what: string, path: (string | number)[]): GatewayError {
  if (isOwn(thrown)) return thrown;
  const problem = `failed: sending it threw ${kindOf(thrown)}, not an error of the SDK's (this error's cause)`;
  const next =
    'A hook of yours, or a value that throws when read, is the likely source. It may have been sent: ' +
    'a rerun with the same idempotencyKey is safe.';
  return unreadable(what, path, thrown, problem, next);
}
