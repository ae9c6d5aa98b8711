// The reference's "Limits" table (and the request-table rules it summarises), once. The request
// validators read their numbers from here, so the documented value and the enforced one cannot
// drift apart. This module imports nothing: the zod-free webhooks entry may use it too.

/**
 * The API reference's documented limits, as one read-only object. The SDK's own validators use
 * these values, so checking against `LIMITS` in your code agrees with what the SDK refuses.
 *
 * @example if (LIMITS.message.max < codePointCount) splitMessage(text)
 */
export const LIMITS = /* @__PURE__ */ deepFreeze({
  /** Message content (`message`): 1 to 1000 characters, counted as Unicode code points. */
  message: {
    /** Fewest characters. */
    min: 1,
    /** Most characters. */
    max: 1000,
  },
  /** Characters per SMS segment: `segments` on a Message counts started segments of this size. */
  segmentLength: 160,
  /** Sender ID (`from`): at most 11 characters. */
  senderId: {
    /** Most characters. */
    max: 11,
  },
  /**
   * Recipient number: `^[1-9][0-9]{7,14}$`, 8 to 15 digits in international format, no spaces;
   * the SDK also accepts and strips one leading `+`.
   */
  phoneNumber: {
    /** The reference's pattern, as a string for `new RegExp`. */
    pattern: '^[1-9][0-9]{7,14}$',
    /** Fewest digits. */
    minDigits: 8,
    /** Most digits. */
    maxDigits: 15,
  },
  /** Recipients of one bulk job: 1 to 10,000. */
  bulkRecipients: {
    /** Fewest recipients. */
    min: 1,
    /** Most recipients; split larger sends into several jobs. */
    max: 10_000,
  },
  /** How far ahead `schedule_at` may be: at most 7 days. */
  scheduleAheadDays: 7,
  /** `Idempotency-Key`: at most 255 characters, and a duplicate is recognised for 24 hours. */
  idempotencyKey: {
    /** Most characters. */
    maxLength: 255,
    /** Hours during which a repeated key is recognised. */
    windowHours: 24,
  },
  /** `reference_id`: at most 100 characters. */
  referenceId: {
    /** Most characters. */
    max: 100,
  },
  /** List page size (`limit`): 1 to 100, 20 when absent. */
  pageSize: {
    /** Smallest `limit`. */
    min: 1,
    /** Largest `limit`. */
    max: 100,
    /** What the service uses when `limit` is absent. */
    default: 20,
  },
  /** Delivery-time targets by route, in seconds (`otp` is not offered for bulk). */
  deliveryTargetSeconds: {
    /** Route `otp`: under 5 seconds. */
    otp: 5,
    /** Route `transactional`: under 30 seconds. */
    transactional: 30,
    /** Route `promotional`: under 2 minutes. */
    promotional: 120,
  },
  /** Webhook events expire this many days after they occur (redeliveries stop). */
  webhookEventLifetimeDays: 7,
} as const);

/** The type of {@link LIMITS}. */
export type Limits = typeof LIMITS;

// For LIMITS alone, whose values are numbers, strings and objects: none is null.
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object') deepFreeze(inner);
  return Object.freeze(value);
}

/**
 * One mebibyte: the size of a body read or kept whole (the mock's request limit, a webhook body's
 * default limit, an error body kept for scrubbing).
 *
 * @internal
 */
export const MIB = 1_048_576;
