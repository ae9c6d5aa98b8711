// Error bodies in the other common shapes give `message` and `code` as the documented
// `{ error: { code, message } }` does: RFC 7807 problems and `{ errors: [...] }` lists. Quoted
// bounded and scrubbed, as the documented shape is.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BadRequestError, Client, UnprocessableEntityError } from 'gateway-sdk';
import { useMsw } from '../helpers/msw.js';

const BASE = 'https://api.gateway.test';
const KEY = 'sk_live_secret_key_123';
const { server } = useMsw();

const client = () => new Client({ apiKey: KEY, baseURL: BASE, maxRetries: 0 });
const answer = (status: number, body: unknown, contentType = 'application/json') =>
  server.use(
    http.get(
      `${BASE}/sms/messages/:id`,
      () => new HttpResponse(JSON.stringify(body), { status, headers: { 'content-type': contentType } }),
    ),
  );
const failure = () =>
  client()
    .sms.messages.retrieve('msg_1')
    .catch((e: unknown) => e);

describe('an RFC 7807 problem', () => {
  it('gives its title and detail as the message, and its type as the code', async () => {
    answer(
      400,
      {
        type: 'https://errors.example.com/invalid-number',
        title: 'Invalid number',
        detail: 'to is not E.164',
        status: 400,
      },
      'application/problem+json',
    );
    const error = (await failure()) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(
      /^400 https:\/\/errors\.example\.com\/invalid-number: Invalid number: to is not E\.164\./,
    );
    expect(error.code).toBe('https://errors.example.com/invalid-number');
    expect(error.message).not.toMatch(/Bad Request/);
  });

  it('gives the title alone, and no code for about:blank', async () => {
    answer(422, { type: 'about:blank', title: 'Unprocessable' }, 'application/problem+json');
    const error = (await failure()) as UnprocessableEntityError;
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error.code).toBeUndefined();
    expect(error.message).toMatch(/^422: Unprocessable\./);
  });

  it('is quoted bounded and scrubbed', async () => {
    answer(400, { title: 'Bad', detail: `key ${KEY} ${'x'.repeat(10_000)}` }, 'application/problem+json');
    const error = (await failure()) as BadRequestError;
    expect(error.message).not.toContain(KEY);
    expect(error.message.length).toBeLessThan(1_000);
  });
});

describe('an errors[] list', () => {
  it("gives the first item's message and code, and counts the rest", async () => {
    answer(400, {
      errors: [
        { code: 'invalid_number', message: 'to must be a phone number' },
        { code: 'too_long', message: 'message is too long' },
        { code: 'x', message: 'y' },
      ],
    });
    const error = (await failure()) as BadRequestError;
    expect(error.code).toBe('invalid_number');
    expect(error.message).toMatch(/^400 invalid_number: to must be a phone number \(and 2 more errors\)\./);
  });

  it('counts one other item as one more error', async () => {
    answer(400, {
      errors: [
        { code: 'invalid_number', message: 'to must be a phone number' },
        { code: 'too_long', message: 'message is too long' },
      ],
    });
    const error = (await failure()) as BadRequestError;
    expect(error.message).toMatch(/^400 invalid_number: to must be a phone number \(and 1 more error\)\./);
  });

  it('gives a lone item without a count', async () => {
    answer(400, { errors: [{ code: 'invalid_number', message: 'to must be a phone number' }] });
    const error = (await failure()) as BadRequestError;
    expect(error.message).toMatch(/^400 invalid_number: to must be a phone number\. /);
  });

  it('is quoted bounded and scrubbed', async () => {
    answer(400, { errors: [{ code: 'c', message: `${KEY} ${'y'.repeat(10_000)}` }] });
    const error = (await failure()) as BadRequestError;
    expect(error.message).not.toContain(KEY);
    expect(error.message.length).toBeLessThan(1_000);
  });
});
