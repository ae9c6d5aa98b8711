// Fault injection against a real loopback server (not MSW): 5xx, 429 with Retry-After as seconds
// and as a date, 408, resets before and after the message is stored and in the middle of the
// body, a response that never starts, and 2xx answers with broken bodies, drawn with a fixed
// seed so that every kind meets every attempt. Over 400 concurrent sends it proves: no message is
// ever created twice, every call resolves with exactly the stored message or rejects with the
// typed error of the last fault it saw, and the number of attempts is what the contract's retry
// policy says. (Volume is the bench's business: bench/scale.ts.)
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  BadRequestError,
  Client,
  InternalServerError,
  RateLimitError,
  ResponseValidationError,
} from 'gateway-sdk';
import { memoryLogger } from '../helpers/wire.js';
import { coveringPlans, expectedOutcome, type Expected, type Fault, FAULT_KINDS, planCall } from './plan.js';
import { mulberry32 } from './prng.js';
import { findLeaks } from '../helpers/secrets.js';
import { type FaultyService, startFaultyService } from './service.js';
import { type Settled, settle } from '../helpers/settle.js';
import { holdTimeouts } from './held-timeouts.js';
import { SOAK, sized } from '../helpers/soak.js';

const SEED = 0x5eed_2026;
const SENDS = sized(400, 1200);
const MAX_RETRIES = 3;
const IN_FLIGHT = 16;
// Per attempt. The test holds every timer of this length and fires one only when the service has
// left that attempt hanging: no attempt ever times out on real time, so a slow or busy machine
// cannot turn a good answer into a timeout, and a hang costs no wait. An odd length, which no
// other timer in the process has.
const TIMEOUT_MS = 61_007;
const KEY = 'sk_live_HOSTILE_faultSuite_9c1d7e';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type ErrorClass = abstract new (...args: never[]) => Error;
/** The typed error each fault must surface as when it is the last one a call sees. */
const EXPECTED_ERROR: Record<Exclude<Fault, 'ok'>, { type: ErrorClass; status?: number }> = {
  http500: { type: InternalServerError, status: 500 },
  http502: { type: InternalServerError, status: 502 },
  http503: { type: InternalServerError, status: 503 },
  http504: { type: InternalServerError, status: 504 },
  html503: { type: InternalServerError, status: 503 },
  rateLimitSeconds: { type: RateLimitError, status: 429 },
  rateLimitDate: { type: RateLimitError, status: 429 },
  http408: { type: APIError, status: 408 },
  http400: { type: BadRequestError, status: 400 },
  resetBeforeBody: { type: APIConnectionError },
  resetAfterStore: { type: APIConnectionError },
  resetMidBody: { type: APIConnectionError },
  hang: { type: APIConnectionTimeoutError },
  truncatedJson: { type: ResponseValidationError, status: 200 },
  html200: { type: ResponseValidationError, status: 200 },
  empty200: { type: ResponseValidationError, status: 200 },
  wrongShape200: { type: ResponseValidationError, status: 200 },
};

/** What is wrong with `error` as the result of a call whose last attempt got `fault`; undefined when right. */
function wrongError(fault: Exclude<Fault, 'ok'>, error: unknown, key: string): string | undefined {
  const want = EXPECTED_ERROR[fault];
  // The exact class: an APIConnectionTimeoutError is an APIConnectionError, but not what a reset must give.
  if (error === null || typeof error !== 'object' || Object.getPrototypeOf(error) !== want.type.prototype) {
    return `${fault}: wanted ${want.type.name}, got ${(error as Error)?.name}: ${(error as Error)?.message}`;
  }
  const e = error as { status?: number; idempotencyKey?: string; retryAfterMs?: number; body?: unknown };
  if (want.status !== undefined && e.status !== want.status) return `${fault}: status ${e.status}`;
  if (e.idempotencyKey !== key) return `${fault}: idempotencyKey ${e.idempotencyKey} instead of ${key}`;
  if (fault === 'hang' && !(error as Error).message.includes(`${TIMEOUT_MS}ms`))
    return `${fault}: ${(error as Error).message}`;
  if (error instanceof RateLimitError && error.retryAfterMs !== 0)
    return `${fault}: retryAfterMs ${error.retryAfterMs}`;
  if (fault === 'html503' && !String(e.body).startsWith('<html>')) return `${fault}: body ${String(e.body)}`;
  return undefined;
}

const sorted = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
const sendBody = (i: number) => ({
  to: `+447700${900000 + i}`,
  message: `fault suite send #${i}`,
  from: 'ACME',
});

describe(`${SENDS} sends through seeded faults (seed ${SEED}, maxRetries ${MAX_RETRIES}, ${IN_FLIGHT} in flight)`, () => {
  let service: FaultyService;
  const { lines, logger } = memoryLogger();
  const plans: Fault[][] = [];
  const expected: Expected[] = [];
  const results: Settled[] = [];
  const names = (i: number) => `send-${i}`;
  /** The caller's key for every fourth call; the SDK generates the others. */
  const callerKey = (i: number) => (i % 4 === 0 ? `order-${i}` : undefined);

  beforeAll(async () => {
    // Full jitter at 0: every backoff waits 0 ms, so the run costs only loopback I/O. Retry-After
    // values are 0 s or a date of now, which is also 0 ms.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const timeouts = holdTimeouts(TIMEOUT_MS);
    /** Each attempt's held timeout, by the `x-attempt` header the client's fetch gives it. */
    const timeoutOf = new Map<string, object>();
    let attemptsSent = 0;
    let claimed: object | undefined;
    let mismatch: string | undefined;
    // ky sets an attempt's timeout, then calls fetch at once: the newest timer held is this attempt's.
    const fetch: typeof globalThis.fetch = (input, init) => {
      const request = input as Request;
      const id = String(++attemptsSent);
      const timer = timeouts.newest();
      if (timer === undefined || timer === claimed)
        mismatch ??= `attempt ${id} of ${request.headers.get('x-send')} set no timeout of its own`;
      else timeoutOf.set(id, (claimed = timer));
      request.headers.set('x-attempt', id);
      return globalThis.fetch(request, init);
    };
    // A hang times out the moment the service leaves it hanging, and nothing else ever times out.
    const onHang = (req: IncomingMessage) => {
      const timer = timeoutOf.get(String(req.headers['x-attempt']));
      if (timer === undefined || !timeouts.fire(timer))
        mismatch ??= `attempt ${String(req.headers['x-attempt'])} hangs with no timeout held`;
    };
    service = await startFaultyService({ apiKey: KEY, onHang });
    const random = mulberry32(SEED);
    for (let i = 0; i < SENDS; i++) plans.push(planCall(random, MAX_RETRIES + 1));
    // Spread through the run, so they meet the random ones in flight.
    const covering = coveringPlans(random, MAX_RETRIES + 1);
    const stride = Math.floor(SENDS / covering.length);
    covering.forEach((plan, n) => (plans[n * stride] = plan));
    for (let i = 0; i < SENDS; i++) {
      expected.push(expectedOutcome(plans[i] as Fault[], MAX_RETRIES));
      service.plan(names(i), plans[i] as Fault[]);
    }
    const client = new Client({
      apiKey: KEY,
      baseURL: service.url,
      // Strict: a wrongShape200 fault is expected to reject (the default, 'warn', resolves it as sent).
      responseValidation: 'strict',
      maxRetries: MAX_RETRIES,
      timeout: TIMEOUT_MS,
      fetch,
      logger,
      logLevel: 'debug',
    });
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < SENDS) {
        const i = next++;
        const key = callerKey(i);
        results[i] = await settle(
          client.sms.messages.create(sendBody(i), {
            headers: { 'x-send': names(i) },
            ...(key === undefined ? {} : { idempotencyKey: key }),
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    timeouts.restore();
    const elapsed = Math.round(performance.now() - started);
    if (mismatch !== undefined) throw new Error(mismatch);

    const rejected: Record<string, number> = {};
    for (const r of results)
      if ('error' in r) rejected[(r.error as Error).name] = (rejected[(r.error as Error).name] ?? 0) + 1;
    const attempts = Array.from({ length: SENDS }, (_, i) => service.attempts(names(i))).reduce(
      (a, b) => a + b,
      0,
    );
    // The soak's figures; the suite's own run stays quiet (its seed is in the describe's name, and
    // a tally of error classes reads as failures in a passing run).
    if (SOAK)
      console.log(
        `[faults] seed=${SEED} sends=${SENDS} attempts=${attempts} resolved=${results.filter((r) => 'value' in r).length} ` +
          `rejected=${JSON.stringify(sorted(rejected))} faults=${JSON.stringify(sorted(Object.fromEntries(service.injected)))} ` +
          `duplicates=${service.duplicates().length} stored=${service.stored.size} in ${elapsed}ms`,
      );
  }, 60_000); // hundreds of sends over real sockets: generous on a loaded two-core machine
  afterAll(async () => {
    vi.restoreAllMocks();
    await service.close();
  });

  const keyOf = (i: number) => service.keysOf(names(i))[0] ?? '(none)';

  it('injects every kind of fault at every attempt, and ends calls on each kind of error', () => {
    for (const kind of FAULT_KINDS) expect(service.injected.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(10);
    const met = new Set(
      plans.flatMap((plan, i) =>
        plan.slice(0, (expected[i] as Expected).attempts).map((kind, at) => `${kind} at attempt ${at + 1}`),
      ),
    );
    const unmet = FAULT_KINDS.flatMap((kind) =>
      Array.from({ length: MAX_RETRIES + 1 }, (_, at) => `${kind} at attempt ${at + 1}`),
    ).filter((pair) => !met.has(pair));
    expect(unmet).toEqual([]);
    const lastErrors = new Set(
      expected.filter((e) => !e.resolves).map((e) => EXPECTED_ERROR[e.last as Exclude<Fault, 'ok'>].type),
    );
    expect(lastErrors.size).toBe(new Set(Object.values(EXPECTED_ERROR).map((e) => e.type)).size);
  });

  it('creates no message twice: at most one per Idempotency-Key', () => {
    expect(service.duplicates()).toEqual([]);
    expect([...service.created.values()].every((n) => n === 1)).toBe(true);
  });

  it('sends one key per call on every attempt: the caller’s, or a generated UUID v4', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < SENDS; i++) {
      const keys = service.keysOf(names(i));
      if (new Set(keys).size !== 1) problems.push(`${names(i)} sent keys ${keys.join(', ')}`);
      const key = keys[0] ?? '';
      if (!(callerKey(i) === undefined ? UUID_V4.test(key) : key === callerKey(i)))
        problems.push(`${names(i)} sent key ${key}`);
      if (seen.has(key)) problems.push(`${names(i)} reused another call's key ${key}`);
      seen.add(key);
    }
    expect(problems).toEqual([]);
  });

  it('stores a message exactly for the calls whose attempts reached the store', () => {
    const problems: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const e = expected[i] as Expected;
      if (service.stored.has(keyOf(i)) !== e.stored)
        problems.push(`${names(i)} [${plans[i]?.join(', ')}]: stored ${!e.stored}`);
    }
    expect(problems).toEqual([]);
    expect(service.stored.size).toBe(expected.filter((e) => e.stored).length);
  });

  it('makes exactly the attempts the retry policy allows', () => {
    const problems: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const want = (expected[i] as Expected).attempts;
      const got = service.attempts(names(i));
      if (got !== want)
        problems.push(`${names(i)} [${plans[i]?.join(', ')}]: ${got} attempts, policy says ${want}`);
    }
    expect(problems).toEqual([]);
    expect(service.injected.get('unplanned')).toBeUndefined();
  });

  it('resolves with exactly the stored message, or rejects with the typed error of the last fault', () => {
    const problems: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const e = expected[i] as Expected;
      const r = results[i] as Settled;
      const key = keyOf(i);
      if (e.resolves) {
        if ('error' in r)
          problems.push(`${names(i)} [${plans[i]?.join(', ')}] rejected: ${(r.error as Error).message}`);
        else if (JSON.stringify(r.value) !== JSON.stringify(service.stored.get(key)))
          problems.push(`${names(i)} resolved with ${JSON.stringify(r.value)}`);
      } else {
        const wrong =
          'error' in r
            ? wrongError(e.last as Exclude<Fault, 'ok'>, r.error, key)
            : `resolved instead of failing with ${e.last}`;
        if (wrong !== undefined) problems.push(`${names(i)} [${plans[i]?.join(', ')}]: ${wrong}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lets a failed call be retried later with its error’s idempotencyKey without sending twice', async () => {
    const client = new Client({ apiKey: KEY, baseURL: service.url, maxRetries: 0, timeout: 60_000 });
    const failed = results.flatMap((r, i) => ('error' in r ? [i] : []));
    expect(failed.length).toBeGreaterThan(50);
    const storedBefore = new Map(service.stored);
    const again = await Promise.all(
      failed.map((i) => {
        const key = ((results[i] as Settled).error as { idempotencyKey: string }).idempotencyKey;
        return client.sms.messages
          .create(sendBody(i), { idempotencyKey: key, headers: { 'x-send': `${names(i)}-again` } })
          .then((m) => ({ i, key, m }));
      }),
    );
    for (const { key, m } of again) {
      const before = storedBefore.get(key);
      // A message stored by a failed attempt comes back as it is; otherwise the retry creates it now.
      expect(m).toEqual(before ?? service.stored.get(key));
    }
    expect(service.duplicates()).toEqual([]);
  });

  it('serves each resolved message on GET /sms/messages/:id as it was created', async () => {
    const client = new Client({ apiKey: KEY, baseURL: service.url, maxRetries: 0, timeout: 60_000 });
    const resolved = results
      .flatMap((r) => ('value' in r ? [r.value as { id: string }] : []))
      .filter((_, n) => n % 10 === 0);
    for (const message of await Promise.all(resolved.map((m) => client.sms.messages.retrieve(m.id)))) {
      expect(message).toEqual(resolved.find((m) => m.id === message.id));
    }
  });

  it('never shows the API key in an error or a debug log line, though error pages echo it', () => {
    const errors = results.flatMap((r) => ('error' in r ? [r.error] : []));
    expect(errors.length).toBeGreaterThan(50);
    expect(lines.length).toBeGreaterThan(SENDS);
    expect(findLeaks(KEY, errors, lines)).toEqual([]);
  });
});

describe('the suite can fail', () => {
  it('counts a duplicate when a service ignores the Idempotency-Key', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const careless = await startFaultyService({ apiKey: KEY, honourIdempotency: false });
    try {
      const client = new Client({ apiKey: KEY, baseURL: careless.url, maxRetries: 1, timeout: 60_000 });
      for (let i = 0; i < 5; i++) careless.plan(`c${i}`, ['resetAfterStore', 'ok']);
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          client.sms.messages.create(sendBody(i), { headers: { 'x-send': `c${i}` } }),
        ),
      );
      expect(careless.duplicates()).toHaveLength(5);
    } finally {
      vi.restoreAllMocks();
      await careless.close();
    }
  });

  it('computes attempts from the plan as the contract says', () => {
    expect(expectedOutcome(['http500', 'hang', 'resetAfterStore', 'rateLimitDate'], 3)).toEqual({
      attempts: 4,
      last: 'rateLimitDate',
      resolves: false,
      stored: true,
    });
    expect(expectedOutcome(['http503', 'ok', 'http500', 'http500'], 3)).toEqual({
      attempts: 2,
      last: 'ok',
      resolves: true,
      stored: true,
    });
    expect(expectedOutcome(['resetBeforeBody', 'truncatedJson', 'ok', 'ok'], 3)).toEqual({
      attempts: 2,
      last: 'truncatedJson',
      resolves: false,
      stored: true,
    });
    expect(expectedOutcome(['http400', 'ok', 'ok', 'ok'], 3)).toEqual({
      attempts: 1,
      last: 'http400',
      resolves: false,
      stored: false,
    });
  });

  it('draws the same faults for the same seed', () => {
    const a = mulberry32(SEED);
    const b = mulberry32(SEED);
    expect(Array.from({ length: 50 }, () => planCall(a, 4))).toEqual(
      Array.from({ length: 50 }, () => planCall(b, 4)),
    );
    expect(planCall(mulberry32(1), 4)).not.toEqual(planCall(mulberry32(2), 4));
  });

  it('finds a key planted in an error or a log line', () => {
    const body = new Error('no');
    Object.assign(body, { body: { echoed: KEY } });
    const found = findLeaks(
      KEY,
      [new Error(`bad ${KEY}`), body, new Error('clean')],
      ['clean', `line ${KEY}`],
    );
    expect(found).toContain('error #0 (Error): message');
    expect(found).toContain('error #1 (Error): JSON.stringify(body)');
    expect(found).toContain('log line #1');
    expect(found.filter((f) => f.startsWith('error #2') || f === 'log line #0')).toEqual([]);
  });
});
