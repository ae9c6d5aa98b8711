// A key sent again with a different body: the mock's 409 `idempotency_key_reused` becomes an
// IdempotencyKeyReusedError (a ConflictError), at once, never retried; every other 409 stays a
// plain ConflictError, retried; no message carries the credential.
import { describe, expect, it } from 'vitest';
import {
  APIError,
  Client,
  ConflictError,
  GatewayError,
  IdempotencyKeyReusedError,
  isAPIError,
} from 'gateway-sdk';
import { createMockService } from 'gateway-sdk/testing';
import { errorForStatus } from '../../src/core/status-error.js';

const mock = createMockService();
const body = { to: '447700900123', message: 'one' };

/** A client on `answer` (the mock by default) that counts the POSTs it sends. */
function counted(answer: (request: Request) => Promise<Response> = (r) => mock.fetch(r)) {
  const sent = { posts: 0 };
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') sent.posts++;
    return answer(request);
  };
  return { sent, client: new Client({ ...mock.clientOptions, fetch, maxRetries: 3 }) };
}

describe('IdempotencyKeyReusedError', () => {
  it("is the mock's 409 for a key reused with another body: a ConflictError, code from the body, never retried", async () => {
    const { client, sent } = counted();
    const first = await client.sms.messages.create(body, { idempotencyKey: 'k-reuse' });
    sent.posts = 0;
    const error = await client.sms.messages
      .create({ ...body, message: 'two' }, { idempotencyKey: 'k-reuse' })
      .catch((e: unknown) => e);
    expect(sent.posts).toBe(1);
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      name: 'IdempotencyKeyReusedError',
      status: 409,
      code: 'idempotency_key_reused',
      idempotencyKey: 'k-reuse',
    });
    const message = (error as Error).message;
    expect(message).toMatch(/send a different body with a new idempotencyKey/);
    expect(message).toMatch(/Retrying the first body with the same key is safe/);
    expect(isAPIError(error) && error.name === 'IdempotencyKeyReusedError').toBe(true);
    // The first body with the same key is still a replay, not a conflict.
    await expect(client.sms.messages.create(body, { idempotencyKey: 'k-reuse' })).resolves.toEqual(first);
  });

  it('any other 409 stays a plain ConflictError, and is retried', async () => {
    const { client, sent } = counted(async () =>
      Response.json(
        { error: { code: 'request_in_progress', message: 'Still running.' } },
        {
          status: 409,
          headers: { 'retry-after': '0' },
        },
      ),
    );
    const error = await client.sms.messages.create(body, { maxRetries: 1 }).catch((e: unknown) => e);
    expect(sent.posts).toBe(2);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).not.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(error).toMatchObject({ name: 'ConflictError', code: 'request_in_progress' });
  });

  it('carries no credential, even when the service echoes it', async () => {
    const apiKey = mock.clientOptions.apiKey;
    const { client } = counted(async () =>
      Response.json(
        {
          error: {
            code: 'idempotency_key_reused',
            message: `Key used before by ${apiKey} with another body`,
          },
        },
        { status: 409 },
      ),
    );
    const error = await client.sms.messages.create(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyReusedError);
    expect((error as Error).message).not.toContain(apiKey);
    expect(JSON.stringify(error)).not.toContain(apiKey);
    expect((error as Error).stack ?? '').not.toContain(apiKey);
  });

  it('is chosen by the code, in either body shape, never by the message', () => {
    const at = (body: unknown) => errorForStatus({ status: 409, headers: new Headers(), body });
    expect(at({ error: { code: 'idempotency_key_reused' } })).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(at({ code: 'idempotency_key_reused', message: 'x' })).toBeInstanceOf(IdempotencyKeyReusedError);
    for (const other of [
      { error: { message: 'This key was already used with a different request.' } },
      { error: { code: 'IDEMPOTENCY_KEY_REUSED' } },
      'idempotency_key_reused',
      null,
    ]) {
      const error = at(other);
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.name).toBe('ConflictError');
    }
  });
});
