// What the caller does with a call's parts never changes another part or
// the outcome. Each `asResponse()` and each read of `withResponse().response` is a readable
// Response of its own; a logger that throws never turns a call the service completed into a
// rejection (a drifted create logs a warning by default: it must still resolve, or an app that
// retries with a fresh key sends twice).
import { describe, expect, it } from 'vitest';
import { Client } from 'gateway-sdk';
import { createMockService } from 'gateway-sdk/testing';
import { message } from '../helpers/fixtures.js';

const BASE = 'https://api.gateway.test';

/** A client whose every answer is `body`, status 200. */
function answering(body: unknown, options: Partial<ConstructorParameters<typeof Client>[0]> = {}) {
  const fetch = (async () => Response.json(body)) as typeof globalThis.fetch;
  return new Client({ apiKey: 'sk_test_outcomes', baseURL: BASE, fetch, maxRetries: 0, ...options });
}

describe('the Response of a call', () => {
  it('asResponse() and withResponse().response of one call are each readable, in either order', async () => {
    const call = answering(message).sms.messages.retrieve('msg_1');
    const raw = await call.asResponse();
    expect(await raw.json()).toMatchObject({ id: message.id });
    const { response } = await call.withResponse();
    expect(await response.json()).toMatchObject({ id: message.id });
    expect(await (await call.asResponse()).text()).toContain(message.id);
  });

  it('each read of withResponse().response is a fresh Response', async () => {
    const answer = await answering(message).sms.messages.retrieve('msg_1').withResponse();
    expect(await answer.response.text()).toContain(message.id);
    expect(await answer.response.text()).toContain(message.id);
  });

  it('asResponse() twice of an answer that does not parse gives two readable Responses', async () => {
    const call = answering({ unexpected: true }, { responseValidation: 'strict' }).sms.messages.retrieve(
      'msg_1',
    );
    expect(await (await call.asResponse()).json()).toEqual({ unexpected: true });
    expect(await (await call.asResponse()).json()).toEqual({ unexpected: true });
  });
});

describe('a logger that throws', () => {
  const throwing = () => {
    throw new Error('log sink down');
  };
  const logger = { error: throwing, warn: throwing, info: throwing, debug: throwing };

  it('never turns a drifted create the service completed into a rejection', async () => {
    const mock = createMockService();
    const drifted = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await mock.fetch(new Request(input, init));
      const json = (await answer.json()) as Record<string, unknown>;
      // A drift 'warn' logs and lets through: a number sent as a string.
      return Response.json({ ...json, segments: String(json['segments']) }, { status: answer.status });
    }) as typeof globalThis.fetch;
    const client = new Client({ ...mock.clientOptions, responseValidation: 'warn', fetch: drifted, logger });
    await expect(client.sms.messages.create({ to: '447700900123', message: 'hi' })).resolves.toMatchObject({
      segments: '1',
    });
  });

  it('at debug never changes a call', async () => {
    const client = answering(message, { logger, logLevel: 'debug' });
    await expect(client.sms.messages.retrieve('msg_1')).resolves.toMatchObject({ id: message.id });
  });
});
