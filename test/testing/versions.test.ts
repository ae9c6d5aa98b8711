// The versions the mock serves: SERVICE_VERSION, and the dates given by `serviceVersions`. Any other
// date is answered as an unsupported version, and a date-shaped value that is no calendar day as a
// malformed header, so trying a new version against the mock shows what the service would do.
import { describe, expect, it } from 'vitest';
import { BadRequestError, Client, ConfigurationError, SERVICE_VERSION } from 'gateway-sdk';
import { createMockService, type MockService } from 'gateway-sdk/testing';

function clientOf(mock: MockService, serviceVersion?: string): Client {
  return new Client({
    ...mock.clientOptions,
    fetch: mock.fetch,
    maxRetries: 0,
    logLevel: 'off',
    ...(serviceVersion === undefined ? {} : { serviceVersion }),
  });
}

function raw(mock: MockService, version: string): Promise<Response> {
  return mock.fetch(`${mock.clientOptions.baseURL}/sms/messages`, {
    headers: { authorization: `Bearer ${mock.clientOptions.apiKey}`, 'service-version': version },
  });
}

describe('a mock created without serviceVersions', () => {
  it('serves SERVICE_VERSION', async () => {
    const mock = createMockService();
    expect((await raw(mock, SERVICE_VERSION)).status).toBe(200);
  });

  it.each(['2026-06-01', '2025-12-01'])('answers 400 unsupported_version to %s', async (version) => {
    const mock = createMockService();
    const response = await raw(mock, version);
    expect(response.status).toBe(400);
    expect((await response.json()) as unknown).toMatchObject({
      error: { type: 'invalid_request_error', code: 'unsupported_version', param: 'Service-Version' },
    });
  });

  it.each(['2026-02-30', '2026-13-01'])(
    'answers 400 parameter_invalid to %s, not a calendar day',
    async (version) => {
      const mock = createMockService();
      const response = await raw(mock, version);
      expect(response.status).toBe(400);
      expect((await response.json()) as unknown).toMatchObject({
        error: {
          code: 'parameter_invalid',
          param: 'Service-Version',
          message: expect.stringMatching(/calendar date/),
        },
      });
    },
  );

  it('refuses a call that tries a new version, and the client’s error names the option to change', async () => {
    const mock = createMockService();
    const client = clientOf(mock);
    const error = await client.sms.messages
      .create({ to: '447700900123', message: 'Hi' }, { serviceVersion: '2026-06-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('unsupported_version');
    expect((error as Error).message).toMatch(
      /sent Service-Version 2026-06-01: set the `serviceVersion` option/,
    );
    expect(mock.store.messages.size).toBe(0);
  });

  it('still answers account, which takes no version', async () => {
    const mock = createMockService();
    const client = clientOf(mock, '2026-06-01');
    await expect(client.account.organizations.members.list('org_123')).resolves.toBeDefined();
  });
});

describe('a mock created with serviceVersions', () => {
  it('serves those dates besides SERVICE_VERSION, per call and on the client', async () => {
    const mock = createMockService({ serviceVersions: ['2026-06-01'] });
    const current = clientOf(mock);
    const next = clientOf(mock, '2026-06-01');
    await expect(
      current.sms.messages.create({ to: '447700900123', message: 'Hi' }, { serviceVersion: '2026-06-01' }),
    ).resolves.toMatchObject({ status: 'queued' });
    await expect(next.sms.messages.list().toArray({ max: 10 })).resolves.toHaveLength(1);
    await expect(current.sms.messages.list().toArray({ max: 10 })).resolves.toHaveLength(1);
    expect((await raw(mock, '2026-07-01')).status).toBe(400);
  });

  it.each([['2026-02-30'], ['2026-6-1'], ['latest']])('refuses %s with a ConfigurationError', (version) => {
    expect(() => createMockService({ serviceVersions: [version] })).toThrow(ConfigurationError);
    expect(() => createMockService({ serviceVersions: [version] })).toThrow(/serviceVersions has/);
  });
});
