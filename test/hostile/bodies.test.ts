// Error bodies cost bounded, linear work: a credential's spellings are computed once, not per
// string of a body; a body past 1 MiB is withheld from the error, which says so; and a key holding
// `"` or `\` is scrubbed in its JSON-escaped spellings too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { APIError } from 'gateway-sdk';
import { Client, IdempotencyKeyReusedError, InternalServerError, isGatewayError } from 'gateway-sdk';
import { BODY_LIMIT, SCRUBBED_STRINGS, scrubBody } from '../../src/internal/scrub.js';
import { findLeaks } from '../helpers/secrets.js';

const SMS = 'https://sms.gateway.test';
const KEY = 'sk_live_hostile_0123456789';

/** A client whose every request is answered with `status` and `body`, without retries. */
function answering(status: number, body: string, apiKey = KEY) {
  const fetch = (async () =>
    new Response(body, {
      status,
      headers: { 'content-type': 'application/json' },
    })) as typeof globalThis.fetch;
  return new Client({ apiKey, baseURL: SMS, fetch, maxRetries: 0, logLevel: 'off' });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

afterEach(() => vi.restoreAllMocks());

describe('an error body past the bound', () => {
  it('is withheld from the error, whose message gives its size', async () => {
    // Many short strings: what made scrubbing take seconds, one pass per string.
    const body = JSON.stringify({ error: { message: 'boom' }, junk: Array(400_000).fill('a\\b') });
    expect(body.length).toBeGreaterThan(BODY_LIMIT);
    const error = await failure(answering(500, body).sms.messages.retrieve('msg_1'));
    expect(error).toBeInstanceOf(InternalServerError);
    const e = error as APIError;
    expect(e.body).toBeUndefined();
    expect(e.message).toContain(`The body (${body.length} bytes) was withheld`);
    expect(JSON.stringify(e).length).toBeLessThan(2_000);
  });

  it('counts bytes, not characters', () => {
    const text = JSON.stringify({ message: 'é'.repeat(BODY_LIMIT) });
    expect(scrubBody(text, [KEY])).toEqual({ body: undefined, bodyWithheld: text.length + BODY_LIMIT });
    expect(scrubBody(text, [KEY], true)).toEqual({ body: '', bodyWithheld: text.length + BODY_LIMIT });
  });

  it(`is withheld past ${SCRUBBED_STRINGS} strings when an escape could hide the key`, () => {
    const text = JSON.stringify(Array(SCRUBBED_STRINGS + 1).fill('\\'));
    expect(text.length).toBeLessThan(BODY_LIMIT);
    expect(scrubBody(text, [KEY]).body).toBeUndefined();
    expect(scrubBody(text, [KEY]).bodyWithheld).toBe(text.length);
    const fewer = JSON.stringify(Array(SCRUBBED_STRINGS - 1).fill('\\'));
    expect(scrubBody(fewer, [KEY]).body).toHaveLength(SCRUBBED_STRINGS - 1);
  });

  it('is withheld when too deep to check', () => {
    const text = '['.repeat(200_000) + '"\\\\"' + ']'.repeat(200_000);
    expect(scrubBody(text, [KEY])).toEqual({ body: undefined, bodyWithheld: text.length });
  });
});

describe('the work on a body', () => {
  it('spells the credential out once, not once per string of the body', () => {
    const btoa = vi.spyOn(globalThis, 'btoa');
    const text = JSON.stringify({ list: Array(20_000).fill('x\\y'), key: `${KEY}` });
    const { body } = scrubBody(text, [KEY, `${KEY}_other`]);
    expect(JSON.stringify(body)).not.toContain(KEY);
    scrubBody(text, [KEY, `${KEY}_other`]);
    // Three alignments of base64 per credential, at most once each.
    expect(btoa.mock.calls.length).toBeLessThanOrEqual(6);
  });

  it('keeps a body with no spelling of the key as parsed, and scrubs one that has', () => {
    const clean = JSON.stringify({ error: { code: 'bad', message: 'a \\"quoted\\" word' } });
    expect(scrubBody(clean, [KEY]).body).toEqual(JSON.parse(clean));
    const echoed = JSON.stringify({ error: { message: `key ${KEY}` }, [`${KEY}`]: 1 });
    expect(scrubBody(echoed, [KEY]).body).toEqual({ error: { message: 'key ***' }, '***': 1 });
  });
});

describe('a key holding a quote or a backslash', () => {
  const key = 'sk_live_q"uo\\te/d_0123456789';
  const escaped = JSON.stringify(key).slice(1, -1);

  it('is scrubbed from a text body that quotes it JSON-escaped', async () => {
    const error = await failure(
      answering(400, `bad key {"key":"${escaped}"}`, key).sms.messages.retrieve('m'),
    );
    expect(isGatewayError(error)).toBe(true);
    expect((error as Error).message).not.toContain(escaped);
    expect(findLeaks(key, [error])).toEqual([]);
  });

  it('is scrubbed from a JSON body that quotes it escaped twice, and with \\/', async () => {
    const twice = JSON.stringify({ error: { message: `echo: {"key":"${escaped}"}` } });
    const slashed = `{"error":{"message":"${escaped.replaceAll('/', '\\/')}"}}`;
    for (const body of [twice, slashed]) {
      const error = await failure(answering(400, body, key).sms.messages.retrieve('m'));
      expect((error as Error).message).not.toContain(escaped);
      expect(findLeaks(key, [error])).toEqual([]);
    }
  });
});

describe('a large legitimate error body, withheld', () => {
  it("keeps a 400's code and the service's message: a bulk request's 10,000 per-recipient details", async () => {
    const details = Array.from({ length: 10_000 }, (_, i) => ({
      recipient: `+4477009${String(i).padStart(5, '0')}`,
      code: 'invalid_number',
      message: `Recipient ${i} is not a valid mobile number for this route; check the country code.`,
    }));
    const body = JSON.stringify({
      error: { code: 'invalid_recipients', message: 'Some recipients are invalid', details },
    });
    expect(body.length).toBeGreaterThan(BODY_LIMIT);
    const error = (await failure(answering(400, body).sms.messages.retrieve('msg_1'))) as APIError;
    expect(error.status).toBe(400);
    expect(error.body).toBeUndefined();
    expect(error.code).toBe('invalid_recipients');
    expect(error.message).toMatch(/^400 invalid_recipients: Some recipients are invalid\. /);
    expect(error.message).toContain(`The body (${body.length} bytes) was withheld`);
  });

  it('a 409 idempotency_key_reused is an IdempotencyKeyReusedError, tried once, as a kept one is', async () => {
    const body = JSON.stringify({
      error: { code: 'idempotency_key_reused', message: 'Key used with another body' },
      padding: 'x'.repeat(BODY_LIMIT),
    });
    let attempts = 0;
    const fetch = (async () => {
      attempts++;
      return new Response(body, { status: 409, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const client = new Client({ apiKey: KEY, baseURL: SMS, fetch, maxRetries: 2, logLevel: 'off' });
    const error = await failure(
      client.sms.messages.create({ to: '447700900123', message: 'hi' }, { idempotencyKey: 'order-1' }),
    );
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(attempts).toBe(1);
    expect((error as APIError).code).toBe('idempotency_key_reused');
    expect((error as APIError).message).toContain('send a different body with a new idempotencyKey');
  });

  it('keeps the message scrubbed of the key and cut', async () => {
    const body = JSON.stringify({
      error: { code: 'bad', message: `key ${KEY} refused ${'!'.repeat(5000)}` },
      padding: 'x'.repeat(BODY_LIMIT),
    });
    const error = (await failure(answering(400, body).sms.messages.retrieve('msg_1'))) as APIError;
    expect(error.message).toContain('400 bad: key *** refused');
    expect(error.message.length).toBeLessThan(1_000);
    expect(findLeaks(KEY, [error])).toEqual([]);
  });
});
