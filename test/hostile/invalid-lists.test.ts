// A 2xx list whose items break the schema fails as a ResponseValidationError whatever its size:
// the issues and the message are capped, the parse stops once enough faults are found, and a
// failure inside validation (zod's RangeError on a huge list of faults) joins the hierarchy.
import { describe, expect, it } from 'vitest';
import { Client, type ClientOptions, isGatewayError, ResponseValidationError } from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';

const SMS = 'https://sms.gateway.test';

function answering(body: unknown, options: ClientOptions = {}) {
  const fetch = (async () => Response.json(body)) as typeof globalThis.fetch;
  return new Client({
    apiKey: 'k',
    accessToken: 't',
    baseURL: SMS,
    fetch,
    maxRetries: 0,
    logLevel: 'off',
    // Every test here is about rejecting drift, which only 'strict' does (the default, 'warn', resolves it).
    responseValidation: 'strict',
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<ResponseValidationError> {
  try {
    await promise;
  } catch (error) {
    expect(isGatewayError(error)).toBe(true);
    expect(error).toBeInstanceOf(ResponseValidationError);
    return error as ResponseValidationError;
  }
  throw new Error('expected a rejection');
}

const page = (data: unknown[]) => ({ data, has_more: false, next_cursor: null });

describe('a list page of invalid items', () => {
  it('40,000 items: a ResponseValidationError with a short message, not a RangeError', async () => {
    const error = await failure(answering(page(Array(40_000).fill({ id: 1, to: 2 }))).sms.messages.list());
    expect(error.message.length).toBeLessThan(4_000);
    expect(error.issues.length).toBeLessThanOrEqual(100);
    expect(error.message).toMatch(/… and \d+ more/);
    expect(error.message).toMatch(/and 39990 more invalid items/);
    expect(error.issues[0]?.path).toEqual(['data', 0, 'id']);
  });

  it("40,000 faulty items in 'warn': resolved as sent, one warning per field, not one per item", async () => {
    const warnings: string[] = [];
    const quiet = () => {};
    const logger = { error: quiet, info: quiet, debug: quiet, warn: (line: string) => warnings.push(line) };
    const items = Array(40_000).fill({ id: 1, to: 2 });
    // Credentials longer than a letter: the logger masks them wherever they appear.
    const client = answering(page(items), {
      apiKey: 'sk_live_hostile',
      accessToken: 'at_hostile',
      responseValidation: 'warn',
      logger,
      logLevel: 'warn',
    });
    const list = await client.sms.messages.list();
    expect(list.data).toHaveLength(40_000);
    expect(list.data[39_999]).toEqual({ id: 1, to: 2 });
    // id, to, and the four required fields missing: each path once, whatever the count of items.
    expect(warnings.length).toBeLessThanOrEqual(6);
    expect(warnings.some((w) => w.includes('data[].id'))).toBe(true);
    await client.sms.messages.list();
    expect(warnings.length).toBeLessThanOrEqual(6);
  });

  it('1,000 items: every sentence counted past the first ten, each one cut', async () => {
    const error = await failure(answering(page(Array(1_000).fill({ id: 1 }))).sms.messages.list());
    expect(error.message.length).toBeLessThan(4_000);
    expect(error.message).toMatch(/… and \d+ more/);
  });

  it('a top-level array (members.list) of 40,000 invalid members', async () => {
    const error = await failure(
      answering(Array(40_000).fill({ user_id: 5 })).account.organizations.members.list('org_1'),
    );
    expect(error.message.length).toBeLessThan(4_000);
    expect(error.issues.length).toBeLessThanOrEqual(100);
  });

  it('finds a fault in a later chunk, at its own index', async () => {
    const items = Array.from({ length: 4_600 }, (_, i) => ({ ...message, id: `msg_${i}` }));
    items[4_500] = { ...message, id: 7 as unknown as string };
    const error = await failure(answering(page(items)).sms.messages.list());
    expect(error.issues).toEqual([{ path: ['data', 4_500, 'id'], message: 'must be a string' }]);
  });

  it("checks the page's own fields as well as its items", async () => {
    const items = Array.from({ length: 3_000 }, () => message);
    const error = await failure(answering({ data: items, has_more: 'no' }).sms.messages.list());
    expect(error.issues).toEqual([{ path: ['has_more'], message: 'must be a boolean' }]);
  });
});

describe('a long valid list', () => {
  it('parses whole, every item and the fields the service added kept', async () => {
    const items = Array.from({ length: 5_500 }, (_, i) => ({ ...message, id: `msg_${i}`, extra: i }));
    const list = await answering({ ...page(items), added: 'x' }).sms.messages.list();
    expect(list.data).toHaveLength(5_500);
    expect(list.data[5_499]).toMatchObject({ id: 'msg_5499', extra: 5_499 });
    expect(list.has_more).toBe(false);
  });
});
