// The service version these types describe: one constant, shared by the client (the
// `Service-Version` header it sends by default) and the webhooks entry (the `api_version` a receiver
// expects), so the two can never name different versions.

/**
 * The `Service-Version` this SDK's types describe, sent when no other is set.
 *
 * @example new Client({ serviceVersion: SERVICE_VERSION })
 */
export const SERVICE_VERSION = '2026-01-01';
