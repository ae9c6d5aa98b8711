// What a 2xx answer must be for the SDK to use it at all (its structure), and the warning a drifted
// field earns under `responseValidation: 'warn'`. The rule in force: tolerant of what we receive.
// A field that drifted (missing, null, a number as a string) is the service's business and is
// handed over as sent; only what the SDK itself reads fails the call in every mode: an object
// where an object is documented, an array where an array is, a page's `data` array and the
// `has_more` / `next_cursor` that move a walk on.
import type { ValidationIssue } from '../core/errors.js';
import { operationOf } from './deprecation.js';
import { isObject } from './exact-check.js';
import type { TransportContext } from './transport.js';

/** The parts of a zod definition the structure check reads (zod's own `def`, read-only). */
interface ShapeDef {
  type: string;
  shape?: Record<string, { _zod: { def: { type: string } } }>;
}

/**
 * Why `json` lacks the structure the SDK needs for an answer of schema `def`, or undefined. Reads
 * only the top level (and a page's three fields), so it costs the same whatever the body's size.
 * With `read` (`'warn'` and `'off'`), a page's paging fields given otherwise are read as what they
 * name, in place, each pushed to `read` as drift: `has_more` as `"true"`/`"false"`/`1`/`0`, or
 * missing or null (then a non-empty `next_cursor` means more), and a `next_cursor` sent as an
 * integer (its decimal string). Only what cannot be read fails.
 */
export function structureProblem(
  def: ShapeDef,
  json: unknown,
  read?: ValidationIssue[],
): ValidationIssue | undefined {
  if (def.type === 'array')
    return Array.isArray(json) ? undefined : { path: [], message: 'must be an array' };
  if (def.type !== 'object') return undefined;
  if (!isObject(json)) return { path: [], message: 'must be an object' };
  // A list page: its items, and what moves the walk on.
  if (def.shape?.['data']?._zod.def.type !== 'array') return undefined;
  if (!Array.isArray(json['data'])) return { path: ['data'], message: 'must be an array' };
  let cursor = json['next_cursor'];
  if (read !== undefined && Number.isSafeInteger(cursor)) {
    json['next_cursor'] = cursor = String(cursor);
    read.push({
      path: ['next_cursor'],
      message: 'must be a string or null (an integer was read as its digits)',
    });
  }
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string')
    return { path: ['next_cursor'], message: 'must be a string or null' };
  const more = json['has_more'];
  if (typeof more === 'boolean') return undefined;
  const named =
    more == null
      ? cursor != null && cursor !== ''
      : more === 'true' || more === 1
        ? true
        : more === 'false' || more === 0
          ? false
          : undefined;
  if (read === undefined || named === undefined) return { path: ['has_more'], message: 'must be a boolean' };
  json['has_more'] = named;
  read.push({
    path: ['has_more'],
    message:
      more == null
        ? 'is required (boolean); read from next_cursor'
        : 'must be a boolean (read as the boolean it names)',
  });
  return undefined;
}

/** A field path as warned about: list positions folded into `[]`, so a field warns once for every item. */
function fieldPath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? '[]' : out === '' ? part : `.${part}`;
  return out === '' ? '(the answer)' : out;
}

/** How many drifted paths one client warns about at most; past it, drift goes unlogged. */
const WARNED_PATHS_MAX = 1_000;

/** A call's drift warnings under `'warn'`, as `parseOutput` (internal/schema.ts) reads them. */
export interface DriftLog {
  /** Whether each of `fields` (as `fieldPath` writes them) was warned about already, or none can be any more. */
  known(fields: Iterable<string>): boolean;
  /** Logs each drifted field not warned about yet. */
  warn(issues: readonly ValidationIssue[]): void;
}

/**
 * The drift warnings of one call: at warn, once per client (its `withOptions` children included),
 * operation, service version and field path; the path and the rule the field broke (the expected
 * type), never the value, which may be personal. `known` lets an answer whose drift was all warned
 * about already skip zod's full run (its cost: bench/drift.ts).
 */
export function driftLog(
  context: TransportContext,
  method: string,
  /** The operation's path template (`sms/messages/{message_id}`). */
  template: string,
  version: string | undefined,
): DriftLog {
  const warned = context.driftWarned;
  const operation = operationOf(method, template);
  const prefix = `${operation} ${version ?? ''} `;
  return {
    known(fields) {
      if (warned.size >= WARNED_PATHS_MAX) return true;
      for (const field of fields) if (!warned.has(prefix + field)) return false;
      return true;
    },
    warn(issues) {
      for (const issue of issues) {
        const field = fieldPath(issue.path);
        const key = prefix + field;
        if (warned.has(key) || warned.size >= WARNED_PATHS_MAX) continue;
        warned.add(key);
        context.logger.log(
          'warn',
          `${operation}${version === undefined ? '' : ` (Service-Version ${version})`}: the service's ` +
            `answer drifted from the documented shape at ${field} (${issue.message}); the value was ` +
            `kept as the service sent it (responseValidation: 'warn'). Code reading that field should ` +
            `allow for it. Logged once per client and field.`,
        );
      }
    },
  };
}
