// createAll's checks (zod among them) load with the first campaign, through the
// same bounded load as a first call's engine: within the campaign's signal and totalTimeout, and a
// load that fails is an APIConnectionError, never a raw error. Each test imports the SDK afresh
// (vi.resetModules), so its campaign is the process's first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let gate: Promise<void> = Promise.resolve();
let failure: Error | undefined;

beforeEach(async () => {
  await vi.dynamicImportSettled();
  vi.resetModules();
  gate = Promise.resolve();
  failure = undefined;
  vi.doMock('../../src/campaigns/checks.js', async (importOriginal) => {
    // The failure is read after the gate, so a load that began before a test planted it still
    // fails: when the chunk starts loading depends on module order, not on the test.
    await gate;
    if (failure !== undefined) throw failure;
    return importOriginal();
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../../src/campaigns/checks.js');
});

/** A fresh SDK, a client whose requests are counted, and the chunk held until `release()`. */
async function freshCampaign() {
  let release = () => {};
  gate = new Promise<void>((resolve) => (release = resolve));
  const sdk = await import('gateway-sdk');
  const { createAll } = await import('gateway-sdk/campaigns');
  const sent: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    sent.push(String(input));
    return Response.json({ id: 'bulk_1', status: 'processing', total: 1, queued: 1 });
  }) as typeof globalThis.fetch;
  const client = new sdk.Client({ apiKey: 'sk_test_all', baseURL: 'https://api.gateway.test', fetch });
  const params = { recipients: ['447700900123'], message: 'hi' };
  return { sdk, createAll, client, params, sent, release };
}

/** Whether `p` has settled once this turn's microtasks and due timers have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("createAll's first load of its checks", () => {
  it('ends, aborted, as soon as its signal aborts, with nothing read or sent', async () => {
    const { createAll, client, params, sent, release } = await freshCampaign();
    const controller = new AbortController();
    const run = createAll(client, params, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(run)).toBe(false);
    controller.abort();
    expect(await settled(run)).toBe(true);
    expect(await run).toMatchObject({ total: 0, jobs: [], failed: [], invalid: [], aborted: true });
    release();
    await vi.dynamicImportSettled();
    expect(sent).toHaveLength(0);
  });

  it('ends with the totalTimeout error when the load outlasts it', async () => {
    const { sdk, createAll, client, params, release } = await freshCampaign();
    const run = createAll(client, params, { totalTimeout: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(run)).toBe(true);
    expect(await run).toMatchObject({ name: 'APIConnectionTimeoutError', limit: 'totalTimeout' });
    expect(await run).toBeInstanceOf(sdk.APIConnectionTimeoutError);
    release();
    await vi.dynamicImportSettled();
  });

  it('that fails is an APIConnectionError with the load error in its cause chain', async () => {
    const { sdk, createAll, client, params, release } = await freshCampaign();
    const chunkError = new TypeError('Failed to fetch dynamically imported module');
    failure = chunkError;
    release();
    const error = await createAll(client, params).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(sdk.APIConnectionError);
    const causes: unknown[] = [];
    for (let c: unknown = (error as Error).cause; c instanceof Error; c = c.cause) causes.push(c);
    expect(causes).toContain(chunkError);
  });
});
