// bulk.createAll: recipients of any number from any source, as jobs of at most chunkSize with keys
// base:0, base:1, …; invalid numbers reported, failed chunks reported with their recipients,
// reruns that replay, aborts that resolve with what was done. Against the mock service (MSW) and
// against a real loopback server that injects 503s and connection resets.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIUserAbortError,
  Client,
  ConfigurationError,
  InternalServerError,
  ValidationError,
} from 'gateway-sdk';
import { createAll, type BulkCreateAllProgress } from 'gateway-sdk/campaigns';
import { listen, type Loopback, readText } from '../helpers/loopback.js';
import { countingSource, countingSyncSource, flush, manualFetch, warmUp } from '../helpers/batches.js';
import { useMockClient, UUID } from '../helpers/resources.js';

/** Distinct valid numbers: 447700000000, 447700000001, … */
const number = (i: number) => `4477${String(i).padStart(8, '0')}`;

describe('against the mock service', () => {
  const api = useMockClient({ fakeDate: false });

  it('25,001 recipients from a stream make three jobs with keys base:0..2, and a rerun creates nothing new', async () => {
    const { state, source } = countingSource(25_001, (i) => `+${number(i)}`);
    const progress: BulkCreateAllProgress[] = [];
    const result = await createAll(
      api.client,
      { recipients: source, message: 'Spring sale: 20% off today', from: 'ACME' },
      { idempotencyKey: 'spring-2026', onProgress: (p) => void progress.push(p) },
    );
    expect(state.read).toBe(25_001);
    expect(result).toMatchObject({ idempotencyKey: 'spring-2026', total: 25_001, failed: [], invalid: [] });
    expect(result.aborted).toBe(false);
    expect(
      result.jobs.map(({ chunk, offset, count, idempotencyKey }) => ({
        chunk,
        offset,
        count,
        idempotencyKey,
      })),
    ).toEqual([
      { chunk: 0, offset: 0, count: 10_000, idempotencyKey: 'spring-2026:0' },
      { chunk: 1, offset: 10_000, count: 10_000, idempotencyKey: 'spring-2026:1' },
      { chunk: 2, offset: 20_000, count: 5_001, idempotencyKey: 'spring-2026:2' },
    ]);
    expect(result.jobs.map((j) => j.job.total)).toEqual([10_000, 10_000, 5_001]);
    await flush();
    expect(api.wire.map((w) => [w.method, w.url.pathname, w.headers['idempotency-key']]).sort()).toEqual([
      ['POST', '/sms/bulk', 'spring-2026:0'],
      ['POST', '/sms/bulk', 'spring-2026:1'],
      ['POST', '/sms/bulk', 'spring-2026:2'],
    ]);
    const chunk2 = api.wire.find((w) => w.headers['idempotency-key'] === 'spring-2026:2')?.body as {
      recipients: string[];
    };
    expect(chunk2.recipients).toHaveLength(5_001);
    expect({ ...chunk2, recipients: [chunk2.recipients[0], chunk2.recipients.at(-1)] }).toEqual({
      recipients: [number(20_000), number(25_000)], // the leading + stripped, as bulk.create does
      message: 'Spring sale: 20% off today',
      from: 'ACME',
    });
    expect(api.mock.store.bulkJobs.size).toBe(3);
    expect(api.mock.store.messages.size).toBe(25_001);
    expect(progress).toHaveLength(3);
    expect(progress.at(-1)).toMatchObject({
      idempotencyKey: 'spring-2026',
      read: 25_001,
      sent: 25_001,
      failed: 0,
    });

    // The same campaign again, after a crash or by mistake: every job replays, nothing is sent twice.
    const again = await createAll(
      api.client,
      {
        recipients: countingSource(25_001, (i) => `+${number(i)}`).source,
        message: 'Spring sale: 20% off today',
        from: 'ACME',
      },
      { idempotencyKey: 'spring-2026' },
    );
    expect(again.jobs.map((j) => j.job.id)).toEqual(result.jobs.map((j) => j.job.id));
    expect(api.mock.store.bulkJobs.size).toBe(3);
    expect(api.mock.store.messages.size).toBe(25_001);
  });

  it('reports invalid recipients with their index and reason, sends the rest, and never drops one', async () => {
    const recipients = [
      number(0),
      '07700 900123',
      number(1),
      447700900123,
      '+0123',
      number(2),
      '',
      number(3),
    ];
    const result = await createAll(
      api.client,
      { recipients: recipients as string[], message: 'Hi' },
      { idempotencyKey: 'inv', chunkSize: 2 },
    );
    expect(result.total).toBe(8);
    expect(result.invalid.map((i) => [i.index, i.value])).toEqual([
      [1, '07700 900123'],
      [3, 447700900123],
      [4, '+0123'],
      [6, ''],
    ]);
    expect(result.invalid[0]?.message).toMatch(/international number of 8 to 15 digits/);
    expect(result.invalid[1]?.message).toMatch(/string/);
    expect(result.jobs.map((j) => [j.chunk, j.offset, j.count])).toEqual([
      [0, 0, 2],
      [1, 5, 2],
    ]);
    const sent = result.jobs.reduce((n, j) => n + j.count, 0);
    expect(sent + result.invalid.length).toBe(result.total);
    expect(api.mock.store.messages.size).toBe(4);
  });

  it('generates a base key when none is given', async () => {
    const result = await createAll(api.client, { recipients: [number(0)], message: 'Hi' });
    expect(result.idempotencyKey).toMatch(UUID);
    expect(result.jobs[0]?.idempotencyKey).toBe(`${result.idempotencyKey}:0`);
  });

  it('an empty source sends nothing and resolves with an empty result', async () => {
    const result = await createAll(api.client, { recipients: [], message: 'Hi' }, { idempotencyKey: 'e' });
    expect(result).toEqual({
      idempotencyKey: 'e',
      total: 0,
      jobs: [],
      failed: [],
      invalid: [],
      aborted: false,
    });
    expect(api.wire).toHaveLength(0);
  });

  it('refuses bad options and fields before reading or sending anything', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown> | null, RegExp][] = [
      [{}, { chunkSize: 0 }, /options\.chunkSize must be an integer from 1 to 10000/],
      [{}, { chunkSize: 10_001 }, /options\.chunkSize/],
      [{}, { chunkSize: 1.5 }, /options\.chunkSize/],
      [{}, { concurrency: 0 }, /options\.concurrency must be an integer from 1 to 64/],
      [{}, { concurrency: 65 }, /options\.concurrency/],
      [{}, { idempotencyKey: 'k'.repeat(239) }, /idempotencyKey must be at most 238 characters/],
      [{}, { idempotencyKey: ' padded' }, /idempotencyKey must be printable ASCII/],
      [{}, { onProgress: 'log' }, /options\.onProgress must be a function/],
      [{}, { timeout: -1 }, /options\.timeout/],
      [{}, null, /request options must be an object/],
      [{ message: '' }, {}, /message must be 1 to 1000 characters/],
      [{ route: 'otp' }, {}, /otp is not offered for bulk/],
      [{ schedule_at: '2020-01-01T00:00:00Z' }, {}, /schedule_at must be in the future/],
      [{ recipients: '447700900123' }, {}, /recipients must be an array, an iterable or an async iterable/],
      [{ recipients: undefined }, {}, /recipients must be/],
    ];
    for (const [fields, options, message] of cases) {
      const { state, source } = countingSource(5, number);
      const error = await createAll(
        api.client,
        { recipients: source, message: 'Hi', ...fields },
        options as object,
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, String(message)).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toMatch(message);
      if (!String(message).includes('ASCII')) expect((error as Error).message).toMatch(/Nothing was sent/);
      expect(state.read).toBe(0);
    }
    expect(api.wire).toHaveLength(0);
  });

  it('a missing credential rejects with ConfigurationError once, instead of one error per chunk', async () => {
    vi.stubEnv('GATEWAY_API_KEY', '');
    const noKey = new Client({ ...api.mock.clientOptions, apiKey: undefined });
    vi.unstubAllEnvs();
    const { state, source } = countingSource(50_000, number);
    await expect(createAll(noKey, { recipients: source, message: 'Hi' })).rejects.toBeInstanceOf(
      ConfigurationError,
    );
    expect(state.read).toBeLessThanOrEqual(20_000);
    expect(state.closed).toBe(true);
    expect(api.wire).toHaveLength(0);
  });

  it('an error thrown by the source rejects createAll with it, once the chunks in flight have settled', async () => {
    async function* broken() {
      for (let i = 0; i < 5; i++) yield number(i);
      throw new Error('csv: unexpected end of file');
    }
    await expect(
      createAll(api.client, { recipients: broken(), message: 'Hi' }, { chunkSize: 2 }),
    ).rejects.toThrow('csv: unexpected end of file');
    await flush();
    expect(api.mock.store.bulkJobs.size).toBe(2);
  });

  it('an error thrown by onProgress stops new chunks and rejects with it', async () => {
    const { state, source } = countingSyncSource(100, number);
    const onProgress = vi.fn(() => {
      throw new Error('progress file is read-only');
    });
    await expect(
      createAll(
        api.client,
        { recipients: source, message: 'Hi' },
        { chunkSize: 10, concurrency: 1, onProgress },
      ),
    ).rejects.toThrow('progress file is read-only');
    expect(onProgress).toHaveBeenCalledTimes(1);
    // The chunk after the first may already have gone out while onProgress ran; no other did.
    expect(state.read).toBeLessThanOrEqual(20);
    expect(api.mock.store.bulkJobs.size).toBeLessThanOrEqual(2);
    expect(state.closed).toBe(true);
  });
});

describe('concurrency and aborts (a fetch answered by hand)', () => {
  let stub: ReturnType<typeof manualFetch>;
  let client: Client;
  beforeAll(() => warmUp(Client));
  beforeEach(() => {
    stub = manualFetch();
    client = new Client({ apiKey: 'sk_test', baseURL: 'https://api.test', fetch: stub.fetch, maxRetries: 0 });
  });
  const job = (total: number) => ({
    id: `bulk_${Math.random()}`,
    status: 'processing',
    total,
    queued: total,
  });
  const answerAll = () => {
    for (const p of stub.pending.splice(0))
      p.answer(200, job((p.body as { recipients: string[] }).recipients.length));
  };

  it('sends `concurrency` chunks at a time and reads one chunk ahead of nothing', async () => {
    const { state, source } = countingSource(100, number);
    const done = createAll(client, { recipients: source, message: 'Hi' }, { chunkSize: 10, concurrency: 3 });
    await flush();
    expect(stub.pending).toHaveLength(3);
    expect(state.read).toBe(30);
    for (let i = 0; i < 10 && stub.pending.length > 0; i++) {
      answerAll();
      await flush();
    }
    const result = await done;
    expect(stub.maxInFlight).toBe(3);
    expect(result.jobs.map((j) => j.chunk)).toEqual([...Array(10).keys()]);
  });

  it('an aborted signal stops new chunks and resolves with what was done, saying it was aborted', async () => {
    const { state, source } = countingSource(100, number);
    const controller = new AbortController();
    const done = createAll(
      client,
      { recipients: source, message: 'Hi' },
      { chunkSize: 10, concurrency: 2, signal: controller.signal, idempotencyKey: 'stop' },
    );
    await flush();
    stub.pending.splice(0, 1)[0]?.answer(200, job(10));
    await flush();
    controller.abort();
    const result = await done;
    expect(result.aborted).toBe(true);
    expect(result.jobs.map((j) => j.chunk)).toEqual([0]);
    // Chunk 1 was in flight and cut short; chunk 2 was started after chunk 0 finished and cut short too.
    expect(result.failed.map((f) => [f.chunk, f.count, f.error.constructor])).toEqual([
      [1, 10, APIUserAbortError],
      [2, 10, APIUserAbortError],
    ]);
    expect(result.failed[0]?.recipients).toEqual(Array.from({ length: 10 }, (_, i) => number(10 + i)));
    expect(result.total).toBe(30);
    expect(state.read).toBe(30);
    expect(state.closed).toBe(true);
    expect(stub.seen).toHaveLength(3);
  });

  it('a signal aborted before the call sends nothing', async () => {
    const { state, source } = countingSource(100, number);
    const result = await createAll(
      client,
      { recipients: source, message: 'Hi' },
      { signal: AbortSignal.abort() },
    );
    expect(result).toMatchObject({ total: 0, jobs: [], failed: [], aborted: true });
    expect(state.read).toBe(0);
    expect(stub.seen).toHaveLength(0);
  });
});

describe('against a loopback server with injected faults', () => {
  let server: Loopback;
  /** Jobs created per Idempotency-Key: more than one would be a duplicate send. */
  const created = new Map<string, number>();
  const stored = new Map<string, { id: string; total: number; recipients: string[] }>();
  const attempts = new Map<string, number>();
  /** Keys whose every attempt has its connection reset (until the fault is "fixed"). */
  const broken = new Set<string>();
  const KEY = 'sk_live_bulk_faults';

  beforeAll(async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // backoff of 0 ms: the run costs only loopback I/O
    server = await listen(async (req: IncomingMessage, res: ServerResponse) => {
      const key = String(req.headers['idempotency-key']);
      const n = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, n);
      if (req.headers.authorization !== `Bearer ${KEY}` || req.url !== '/sms/bulk') {
        res.writeHead(404).end();
        return;
      }
      if (broken.has(key)) {
        req.socket.destroy();
        return;
      }
      const body = JSON.parse(await readText(req)) as { recipients: string[] };
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      // Every chunk's first attempt fails: a 503 for even chunks; odd ones are stored, then reset.
      const chunk = Number(key.split(':').at(-1));
      if (n === 1 && chunk % 2 === 0)
        return json(503, { error: { code: 'unavailable', message: 'try later' } });
      let job = stored.get(key);
      if (job === undefined) {
        job = { id: `bulk_${stored.size + 1}`, total: body.recipients.length, recipients: body.recipients };
        stored.set(key, job);
        created.set(key, (created.get(key) ?? 0) + 1);
      }
      if (n === 1) {
        req.socket.destroy();
        return;
      }
      json(200, { id: job.id, status: 'processing', total: job.total, queued: job.total });
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.close();
  });
  afterEach(() => {
    created.clear();
    stored.clear();
    attempts.clear();
    broken.clear();
  });

  it('one chunk the service refuses for good leaves the others sent, is reported with its recipients, and a rerun finishes it', async () => {
    const client = new Client({ apiKey: KEY, baseURL: server.url, maxRetries: 3 });
    const recipients = Array.from({ length: 5_000 }, (_, i) => number(i));
    broken.add('faulty:2');
    const result = await createAll(
      client,
      { recipients, message: 'Sale' },
      { idempotencyKey: 'faulty', chunkSize: 1_000, concurrency: 3 },
    );
    expect(result.jobs.map((j) => j.chunk)).toEqual([0, 1, 3, 4]);
    expect(result.failed).toHaveLength(1);
    const [failure] = result.failed;
    expect(failure).toMatchObject({ chunk: 2, offset: 2_000, count: 1_000, idempotencyKey: 'faulty:2' });
    expect(failure?.recipients).toEqual(recipients.slice(2_000, 3_000));
    expect(failure?.error).toBeInstanceOf(APIConnectionError);
    expect((failure?.error as APIConnectionError).idempotencyKey).toBe('faulty:2');
    expect(attempts.get('faulty:2')).toBe(4);
    expect(attempts.get('faulty:0')).toBe(2);
    expect(attempts.get('faulty:1')).toBe(2);
    expect([...created.values()].every((n) => n === 1)).toBe(true);
    expect(stored.size).toBe(4);

    // The fault is fixed; the same campaign, the same key: chunk 2 is sent, the others replay.
    broken.clear();
    const again = await createAll(
      client,
      { recipients, message: 'Sale' },
      { idempotencyKey: 'faulty', chunkSize: 1_000, concurrency: 3 },
    );
    expect(again.failed).toEqual([]);
    expect(
      again.jobs.map((j) => j.job.id).filter((id) => result.jobs.some((j) => j.job.id === id)),
    ).toHaveLength(4);
    expect(stored.size).toBe(5);
    expect([...created.values()].every((n) => n === 1)).toBe(true);
    expect(stored.get('faulty:2')?.recipients).toEqual(recipients.slice(2_000, 3_000));
  });

  it('a chunk the service keeps refusing with 5xx is reported with the typed error of its last attempt', async () => {
    const client = new Client({ apiKey: KEY, baseURL: server.url, maxRetries: 0 });
    const result = await createAll(
      client,
      { recipients: [number(1), number(2), number(3)], message: 'Sale' },
      { idempotencyKey: 'once', chunkSize: 2 },
    );
    // maxRetries 0: chunk 0's first attempt is its 503; chunk 1's is stored, then reset.
    expect(result.failed.map((f) => [f.chunk, f.error.constructor])).toEqual([
      [0, InternalServerError],
      [1, APIConnectionError],
    ]);
    expect(result.jobs).toEqual([]);
    expect(result.failed.map((f) => f.recipients)).toEqual([[number(1), number(2)], [number(3)]]);
  });
});
