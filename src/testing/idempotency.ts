// Idempotency-Key handling on every POST (the API reference's first endpoint and Limits): a retry with
// the same key and the same request within 24 hours replays the first answer instead of acting
// twice. Reusing a key for another request is "not shown"; the mock answers 409.
import { invalid, MockApiError } from './errors.js';

/** How long a key protects against duplicates (Limits: 24 hours). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Longest accepted `Idempotency-Key` (Limits). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** A remembered successful answer. */
export interface IdempotencyRecord {
  /** Method, path and canonical body of the first request. */
  fingerprint: string;
  /** Status of the first answer, replayed as is. */
  status: number;
  /** Body of the first answer, replayed as is. */
  body: unknown;
  /** Epoch milliseconds after which the key is free again. */
  expiresAt: number;
}

/** The `Idempotency-Key` header, checked against the limit; `undefined` when absent. */
export function idempotencyKeyOf(headers: Headers): string | undefined {
  const key = headers.get('idempotency-key');
  if (key === null) return undefined;
  if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw invalid('Idempotency-Key', `must be 1 to ${IDEMPOTENCY_KEY_MAX} characters (got ${key.length}).`);
  }
  return key;
}

/** JSON with object keys sorted at every depth, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Remembered answers, keyed by the area's credential and the Idempotency-Key. */
export class IdempotencyCache {
  readonly #records = new Map<string, IdempotencyRecord>();

  /** How many keys are remembered (expired ones included until next looked up). */
  get size(): number {
    return this.#records.size;
  }

  /**
   * The answer to replay for this key, `undefined` for a fresh key; throws the 409 when the key
   * was used for a different request.
   */
  lookup(scope: string, key: string, fingerprint: string, now: number): IdempotencyRecord | undefined {
    const id = `${scope}\u0000${key}`;
    const record = this.#records.get(id);
    if (record === undefined) return undefined;
    if (record.expiresAt <= now) {
      this.#records.delete(id);
      return undefined;
    }
    if (record.fingerprint !== fingerprint) {
      throw new MockApiError(
        'idempotency_error',
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request in the last 24 hours; use a ' +
          'new key for a new request.',
        'Idempotency-Key',
      );
    }
    return record;
  }

  /** Remembers a successful answer for 24 hours from `now`. */
  remember(scope: string, key: string, record: Omit<IdempotencyRecord, 'expiresAt'>, now: number): void {
    this.#records.set(`${scope}\u0000${key}`, { ...record, expiresAt: now + IDEMPOTENCY_WINDOW_MS });
  }

  /** Forgets every key. */
  clear(): void {
    this.#records.clear();
  }
}
