// What the once-only warnings remember: a drifted field and a deprecated operation are logged
// once for a client and all its withOptions children (the README's per-request pattern), and a
// drift is remembered per service version, so trying a new version shows its own drift.
import { describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { MessageSchema } from '../../src/resources/models/sms.js';

const MESSAGE = {
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'queued',
  segments: '1', // drifted: a number as a string
  created_at: '2026-01-01T00:00:00Z',
};

/** A client whose every answer is the drifted message, with a Deprecation header; `lines` gets its warnings. */
function drifted() {
  const lines: string[] = [];
  const versions: (string | null)[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    versions.push(new Request(input, init).headers.get('service-version'));
    return Response.json(MESSAGE, { headers: { deprecation: '@1767225600' } });
  };
  const client = new Client({
    apiKey: 'k',
    baseURL: 'https://api.gateway.test',
    maxRetries: 0,
    fetch: fetch as typeof globalThis.fetch,
    logger: { error: () => {}, warn: (t: string) => lines.push(t), info: () => {}, debug: () => {} },
  });
  return { client, lines, versions };
}

describe('once-only warnings', () => {
  it('are shared by a client and all its withOptions children', async () => {
    const one = drifted();
    for (let i = 0; i < 200; i++) await one.client.sms.messages.retrieve('msg_1');

    const many = drifted();
    for (let i = 0; i < 200; i++)
      await many.client
        .withOptions({ defaultHeaders: { 'x-request': String(i) } })
        .sms.messages.retrieve('msg_1');
    // A grandchild shares them too.
    await many.client
      .withOptions({ timeout: 5_000 })
      .withOptions({ maxRetries: 1 })
      .sms.messages.retrieve('msg_1');

    expect(one.lines).toHaveLength(2);
    expect(many.lines).toEqual(one.lines);
  });

  it('remember a drift per service version', async () => {
    const { client, lines, versions } = drifted();
    await client.sms.messages.retrieve('msg_1');
    await client.sms.messages.retrieve('msg_1');
    await client.sms.messages.retrieve('msg_1', { serviceVersion: '2026-06-01' });
    await client.sms.messages.retrieve('msg_1', { serviceVersion: '2026-06-01' });
    expect(versions.slice(2)).toEqual(['2026-06-01', '2026-06-01']);
    const drift = lines.filter((l) => l.includes('drifted'));
    expect(drift).toHaveLength(2);
    expect(drift[1]).toMatch(/Service-Version 2026-06-01/);
  });

  it('still log a new drift in an answer whose other drift was logged', async () => {
    const lines: string[] = [];
    const answers = [MESSAGE, { ...MESSAGE, cost: 'free' }, { ...MESSAGE, cost: 'free', items: 1 }];
    let n = 0;
    const fetch = async () => Response.json(answers[Math.min(n++, answers.length - 1)]);
    const client = new Client({
      apiKey: 'k',
      baseURL: 'https://api.gateway.test',
      maxRetries: 0,
      fetch: fetch as typeof globalThis.fetch,
      logger: { error: () => {}, warn: (t: string) => lines.push(t), info: () => {}, debug: () => {} },
    });
    for (let i = 0; i < 4; i++) await client.sms.messages.retrieve('msg_1');
    expect(lines.map((l) => /at (\S+)/.exec(l)?.[1])).toEqual(['segments', 'cost']);
  });

  it("skip zod's full run for an answer whose every drift was logged, and run it again for a new one", async () => {
    // zod parses through the schema's own run; counting its calls shows which answers paid for it.
    const internals = MessageSchema._zod;
    const run = internals.run;
    let runs = 0;
    internals.run = (payload, ctx) => {
      runs++;
      return run(payload, ctx);
    };
    try {
      const answers = [MESSAGE, MESSAGE, MESSAGE, { ...MESSAGE, cost: 'free' }, { ...MESSAGE, cost: 'free' }];
      let n = 0;
      const fetch = async () => Response.json(answers[n++]);
      const client = new Client({
        apiKey: 'k',
        baseURL: 'https://api.gateway.test',
        maxRetries: 0,
        fetch: fetch as typeof globalThis.fetch,
        logger: { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} },
      });
      const counts: number[] = [];
      for (let i = 0; i < answers.length; i++) {
        const before = runs;
        const message = await client.sms.messages.retrieve('msg_1');
        expect(message.segments).toBe('1'); // the value as sent, whichever path read it
        counts.push(runs - before);
      }
      // The first of each drift is described by zod; a repeat is returned on the exact check alone.
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts.slice(1, 3)).toEqual([0, 0]);
      expect(counts[3]).toBeGreaterThan(0);
      expect(counts[4]).toBe(0);
    } finally {
      internals.run = run;
    }
  });
});
