// The service version these types describe: one constant, shared by the client (the
// `Service-Version` header it sends by default) and the webhooks entry (the `api_version` a receiver
// expects), so the two can never name different versions.

/**
 * The `Service-Version` this SDK's types describe, sent when no other is set.
 *
 * @example new Client({ serviceVersion: SERVICE_VERSION })
 */
export const SERVICE_VERSION = '2026-01-01';

/**
 * Whether `value` is a `Service-Version` as the service spells it: a calendar date, `YYYY-MM-DD`
 * (the reference's pattern, and a day that exists: `2026-02-30` is not one). The client's checks
 * and the mock's share it.
 */
export function isServiceVersion(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // Date.parse rolls some impossible days over (02-30 to March 2), so the day must read back.
  const ms = Date.parse(value);
  return ms === ms && new Date(ms).toISOString().slice(0, 10) === value;
}
