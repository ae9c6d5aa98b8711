// zod keeps its configuration on globalThis, shared by every copy of zod in a process, the one
// bundled into dist/ included: an app that imports classic `zod` installs its English locale for the
// SDK's schemas too. The SDK's messages must not change with what the app configured.
import * as zod from 'zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, ResponseValidationError, ValidationError } from 'gateway-sdk';

const BASE = 'https://api.gateway.test';
let before: ReturnType<typeof zod.config>;

beforeAll(() => {
  before = { ...zod.config() };
  zod.config(zod.locales.en());
});
afterAll(() => {
  zod.config({ localeError: before.localeError, customError: before.customError });
});

describe('with zod’s English locale installed by the app', () => {
  it('a refused input names the rule in the SDK’s words, and nothing is sent', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const client = new Client({ apiKey: 'k', baseURL: BASE, fetch });
    const body = { to: 447700900123, message: 'Hello' } as unknown as { to: string; message: string };
    const error = await client.sms.messages.create(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: ['to'], message: 'must be a string' }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a response missing a field says "is required", not the locale’s text', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ status: 'queued' }));
    const client = new Client({
      apiKey: 'k',
      baseURL: BASE,
      fetch,
      maxRetries: 0,
      responseValidation: 'strict',
    });
    const error = await client.sms.messages.retrieve('msg_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues).toContainEqual({
      path: ['id'],
      message: 'is required (string)',
    });
  });
});
