// What the faulty service can do to one attempt, and what the contract's retry policy says a
// call must then do. The expected outcome is computed from the plan alone, independently of
// the SDK's retry code, so the suite checks the policy rather than restating the implementation.
import { weighted } from './prng.js';

/** Everything the service can answer to one attempt. */
export const FAULTS = {
  /** 200 with the message (or the stored one, for a key seen before). */
  ok: { weight: 40, retryable: false, stores: true },
  http500: { weight: 4, retryable: true, stores: false },
  http502: { weight: 4, retryable: true, stores: false },
  http503: { weight: 4, retryable: true, stores: false },
  http504: { weight: 4, retryable: true, stores: false },
  /** 503 with a proxy's HTML error page instead of JSON. */
  html503: { weight: 4, retryable: true, stores: false },
  /** 429 with `Retry-After: 0`. */
  rateLimitSeconds: { weight: 4, retryable: true, stores: false },
  /** 429 with `Retry-After` as an HTTP date (now, which the client reads as 0 ms). */
  rateLimitDate: { weight: 4, retryable: true, stores: false },
  http408: { weight: 4, retryable: true, stores: false },
  /** The socket is destroyed before the request body is read: nothing stored. */
  resetBeforeBody: { weight: 4, retryable: true, stores: false },
  /** The message is stored, then the socket is destroyed before any response. */
  resetAfterStore: { weight: 4, retryable: true, stores: true },
  /** Stored, 200 headers and part of the body sent, then the socket is destroyed. */
  resetMidBody: { weight: 3, retryable: true, stores: true },
  /** Stored, then no response ever starts: the client's per-attempt timeout must fire. */
  hang: { weight: 2, retryable: true, stores: true },
  /** 200 (stored) with JSON cut short. */
  truncatedJson: { weight: 2, retryable: false, stores: true },
  /** 200 (stored) with an HTML page. */
  html200: { weight: 2, retryable: false, stores: true },
  /** 200 (stored) with an empty body. */
  empty200: { weight: 2, retryable: false, stores: true },
  /** 200 (stored) with a body of the wrong shape (`id` a number). */
  wrongShape200: { weight: 2, retryable: false, stores: true },
  /** 400: refused, not stored, not retried. */
  http400: { weight: 2, retryable: false, stores: false },
} as const satisfies Record<string, { weight: number; retryable: boolean; stores: boolean }>;

/** One kind of answer. */
export type Fault = keyof typeof FAULTS;
export const FAULT_KINDS = Object.keys(FAULTS) as Fault[];

/** What the service will answer to attempts 1, 2, … of one call (one entry per allowed attempt). */
export function planCall(random: () => number, attempts: number): Fault[] {
  const weights = Object.fromEntries(FAULT_KINDS.map((k) => [k, FAULTS[k].weight])) as Record<Fault, number>;
  return Array.from({ length: attempts }, () => weighted(random, weights));
}

/**
 * One plan per kind and attempt position: that kind at that position, retryable faults before it
 * (so the attempt is reached) and random draws after. Mixed into the random plans, they make every
 * kind meet every attempt at a few hundred calls, where random draws alone need well over a thousand.
 */
export function coveringPlans(random: () => number, attempts: number): Fault[][] {
  const retryable = Object.fromEntries(
    FAULT_KINDS.filter((k) => FAULTS[k].retryable).map((k) => [k, FAULTS[k].weight]),
  ) as Record<Fault, number>;
  const plans: Fault[][] = [];
  for (let at = 0; at < attempts; at++) {
    for (const kind of FAULT_KINDS) {
      const plan = planCall(random, attempts);
      for (let before = 0; before < at; before++) plan[before] = weighted(random, retryable);
      plan[at] = kind;
      plans.push(plan);
    }
  }
  return plans;
}

/** What the contract's policy makes of a plan. */
export interface Expected {
  /** How many attempts the client must make. */
  attempts: number;
  /** The answer to the last attempt. */
  last: Fault;
  /** Whether the call resolves (the last answer was `ok`). */
  resolves: boolean;
  /** Whether a message must exist for the call's key afterwards. */
  stored: boolean;
}

/**
 * sdk-contract.md, "Idempotency and retries": network errors, timeouts, 408, 429 and 5xx are
 * retried up to `maxRetries`; any other answer (a 2xx, good or bad, or another 4xx) stops.
 */
export function expectedOutcome(plan: readonly Fault[], maxRetries: number): Expected {
  let stored = false;
  for (let i = 0; i <= maxRetries; i++) {
    const fault = plan[i];
    if (fault === undefined)
      throw new Error(`plan has ${plan.length} attempts, policy allows ${maxRetries + 1}`);
    stored ||= FAULTS[fault].stores;
    if (!FAULTS[fault].retryable || i === maxRetries)
      return { attempts: i + 1, last: fault, resolves: fault === 'ok', stored };
  }
  throw new Error('unreachable');
}
