// One Idempotency-Key per logical call, chosen before the first attempt and reused on every
// retry: that is what lets a timed-out send be retried without creating a second message.
import { LIMITS } from '../limits.js';
import { ValidationError } from '../core/engine-kit.js';
import { toHex } from './hex.js';

/** Longest `Idempotency-Key` the service accepts. */
export const IDEMPOTENCY_KEY_MAX = LIMITS.idempotencyKey.maxLength;

/** What a value that must be text and is not, or is empty, is told (a key, a path parameter). */
export const NON_EMPTY = 'must be a non-empty string';

/** The caller's key after checking it fits a header and the limit, or a fresh UUID v4. */
export function idempotencyKeyFor(callerKey: string | undefined): string {
  if (callerKey === undefined) return uuidv4();
  const problem =
    typeof callerKey !== 'string' || !callerKey
      ? NON_EMPTY
      : callerKey.length > IDEMPOTENCY_KEY_MAX
        ? `must be at most ${IDEMPOTENCY_KEY_MAX} characters (got ${callerKey.length})`
        : // Headers trim surrounding blanks and refuse control or non-ASCII characters, which
          // would silently change the key or fail the call after validation.
          !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(callerKey)
          ? 'must be printable ASCII without leading or trailing spaces'
          : undefined;
  return problem ? invalidValue('idempotencyKey', problem) : callerKey;
}

/** Throws the `ValidationError` for a value the caller gave by `name`: `name problem.`, at `[name]`. */
export function invalidValue(name: string, problem: string): never {
  throw new ValidationError(`${name} ${problem}.`, [{ path: [name], message: problem }]);
}

function uuidv4(): string {
  // randomUUID is missing in browsers' insecure contexts (plain http pages); getRandomValues is not.
  const uuid = crypto.randomUUID?.();
  if (uuid) return uuid;
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = toHex(b);
  return h.replace(/(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}
