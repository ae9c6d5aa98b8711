// The mock and the client read each request rule from one place (resources/models/sms-rules.ts, LIMITS), so
// a call the client lets through through `mock.clientOptions` is never refused by the mock for a
// rule the two read differently; and a list filter outside the reference's enum, which the client
// sends as given, is answered as the reference's enum says (docs/decisions/open-filters-answered-by-the-service.md).
import { describe, expect, it } from 'vitest';
import { BadRequestError, Client } from 'gateway-sdk';
import { createMockService } from 'gateway-sdk/testing';

const mock = createMockService();
const client = new Client({ ...mock.clientOptions, fetch: mock.fetch, maxRetries: 0, logLevel: 'off' });

// What the client accepts beyond the single-send pattern: national, short and long numbers.
const NUMBERS = [
  '07700900123',
  '1',
  '1234567',
  '1234567890123456',
  '12345678901234567890',
  `+${'1'.repeat(19)}`,
  '000',
  '447700900123',
];

describe('numbers the client accepts, the mock accepts', () => {
  it.each(NUMBERS)('as a bulk recipient: %s', async (number) => {
    const job = await client.sms.bulk.create({ recipients: [number], message: 'Sale' });
    expect(job).toMatchObject({ total: 1, status: 'processing' });
  });

  it.each(NUMBERS)('as a template send’s to: %s', async (number) => {
    const message = await client.sms.templates.send('tpl_welcome', {
      to: number,
      variables: { name: 'Ada', company: 'Acme' },
    });
    expect(message.to).toBe(number.replace(/^\+/, ''));
  });

  it('and a number neither accepts is refused by both, the mock naming the field', async () => {
    const tooLong = '1'.repeat(21);
    await expect(client.sms.bulk.create({ recipients: [tooLong], message: 'Sale' })).rejects.toThrow(
      /recipients/,
    );
    const response = await mock.fetch(`${mock.clientOptions.baseURL}/sms/bulk`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mock.clientOptions.apiKey}`,
        'service-version': '2026-01-01',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ recipients: ['447700900123', tooLong], message: 'Sale' }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()) as unknown).toMatchObject({
      error: { code: 'parameter_invalid', param: 'recipients[1]' },
    });
  });
});

describe('a list filter outside the reference’s enum', () => {
  it('is sent as given, and the mock answers 400 naming the values it lists', async () => {
    const error = await client.sms.messages
      .list({ status: 'archived' as never })
      .toArray({ max: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body).toMatchObject({
      error: { code: 'parameter_invalid', param: 'status' },
    });
    expect((error as Error).message).toMatch(/queued, sent, delivered, failed, expired/);
  });

  it('in the enum is answered with the matching items', async () => {
    mock.store.reset();
    await client.sms.messages.create({ to: '447700900123', message: 'Hi', route: 'otp' });
    await expect(
      client.sms.messages.list({ status: 'queued', route: 'otp' }).toArray({ max: 10 }),
    ).resolves.toHaveLength(1);
    await expect(
      client.sms.messages.list({ route: 'promotional' }).toArray({ max: 10 }),
    ).resolves.toHaveLength(0);
  });
});
