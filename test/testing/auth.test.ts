import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createMockService,
  DEFAULT_BASE_URL,
  DEFAULT_CREDENTIALS,
  DEFAULT_SANDBOX_BASE_URL,
} from 'gateway-sdk/testing';
import { mswHandlers } from 'gateway-sdk/testing/msw';
import { get, post, useMockService } from './helpers.js';

const mock = useMockService();

const areas = [
  { area: 'sms', path: '/sms/messages', option: 'apiKey' },
  { area: 'payment', path: '/payment/customers/cus_123', option: 'testApiKey' },
  { area: 'account', path: '/account/organizations/org_123/members', option: 'accessToken' },
] as const;

describe('defaults', () => {
  it('offers the documented credentials and addresses as client options', () => {
    expect(DEFAULT_CREDENTIALS).toEqual({
      apiKey: 'sk_live_mock',
      testApiKey: 'sk_test_mock',
      accessToken: 'at_mock',
    });
    expect(mock.clientOptions).toEqual({
      apiKey: 'sk_live_mock',
      testApiKey: 'sk_test_mock',
      accessToken: 'at_mock',
      baseURL: 'https://api.gateway.test',
      sandboxBaseURL: 'https://sandbox.gateway.test',
      responseValidation: 'strict',
    });
    expect([DEFAULT_BASE_URL, DEFAULT_SANDBOX_BASE_URL]).toEqual([
      'https://api.gateway.test',
      'https://sandbox.gateway.test',
    ]);
  });

  it('drops a trailing slash from the given addresses', () => {
    const custom = createMockService({
      baseURL: 'https://sms.example.test/',
      sandboxBaseURL: 'https://pay.example.test//',
    });
    expect(custom.clientOptions.baseURL).toBe('https://sms.example.test');
    expect(custom.clientOptions.sandboxBaseURL).toBe('https://pay.example.test');
  });

  it('accepts only the credentials it was given', async () => {
    const custom = createMockService({ apiKey: 'live_custom' });
    const ask = (token: string) =>
      getResponse(
        mswHandlers(custom),
        new Request(`${DEFAULT_BASE_URL}/sms/messages`, {
          headers: { authorization: `Bearer ${token}`, 'service-version': '2026-01-01' },
        }),
      );
    expect((await ask('live_custom'))?.status).toBe(200);
    expect((await ask('sk_live_mock'))?.status).toBe(401);
  });
});

describe.each(areas)('authorization on $area routes', ({ area, path, option }) => {
  it(`answers 200 with Bearer <${option}>`, async () => {
    const res = await get(mock, path);
    expect(res.status).toBe(200);
  });

  it('answers 401 missing_authorization without the header', async () => {
    const res = await get(mock, path, { authorization: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      type: 'authentication_error',
      code: 'missing_authorization',
      param: null,
    });
  });

  it('answers 401 invalid_authorization for another scheme', async () => {
    const res = await get(mock, path, { authorization: `Basic ${mock.clientOptions[option]}` });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_authorization');
  });

  it("answers 401 for another area's credential, naming it without echoing it", async () => {
    const other = option === 'apiKey' ? 'testApiKey' : 'apiKey';
    const res = await get(mock, path, { authorization: `Bearer ${mock.clientOptions[other]}` });
    expect(res.status).toBe(401);
    expect(res.body.error.type).toBe('authentication_error');
    expect(res.body.error.code).toBe(area === 'account' ? 'invalid_access_token' : 'invalid_api_key');
    expect(res.body.error.message).toContain(`is the ${other}`);
    expect(JSON.stringify(res.body)).not.toContain(mock.clientOptions[other]);
  });

  it('answers 401 for an unknown token', async () => {
    const res = await get(mock, path, { authorization: 'Bearer sk_live_wrong' });
    expect(res.status).toBe(401);
  });
});

describe.each(areas.filter((a) => a.area !== 'account'))('Service-Version on $area routes', ({ path }) => {
  it('answers 400 with param Service-Version when it is missing', async () => {
    const res = await get(mock, path, { version: null });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'Service-Version',
    });
  });

  it.each(['2026-1-1', '20260101', 'latest', '2026-01-01T00:00:00Z', ''])(
    'answers 400 for %j',
    async (version) => {
      const res = await get(mock, path, { version });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'Service-Version' });
    },
  );

  it('accepts the version it serves, and answers 400 unsupported_version to any other date', async () => {
    expect((await get(mock, path, { version: '2026-01-01' })).status).toBe(200);
    const res = await get(mock, path, { version: '2025-06-30' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'unsupported_version', param: 'Service-Version' });
  });

  it('checks the credential before the version', async () => {
    const res = await get(mock, path, { version: null, authorization: null });
    expect(res.status).toBe(401);
  });
});

describe('Service-Version on the account route', () => {
  it('is ignored, missing or malformed', async () => {
    expect((await get(mock, '/account/organizations/org_123/members', { version: null })).status).toBe(200);
    expect((await get(mock, '/account/organizations/org_123/members', { version: 'v1' })).status).toBe(200);
  });
});

describe('x-request-id', () => {
  it('is on every answer, success or failure, counting up', async () => {
    const answers = [
      await get(mock, '/sms/messages'),
      await get(mock, '/sms/messages', { authorization: null }),
      await post(mock, '/sms/messages', { to: 'nope', message: 'x' }),
      await get(mock, '/sms/messages/msg_missing'),
    ];
    expect(answers.map((a) => a.headers.get('x-request-id'))).toEqual(['req_1', 'req_2', 'req_3', 'req_4']);
  });
});

describe('addresses', () => {
  it('answers each area only on its own address', async () => {
    const headers = { authorization: 'Bearer sk_test_mock', 'service-version': '2026-01-01' };
    const wrong = await getResponse(
      mswHandlers(mock),
      new Request(`${DEFAULT_BASE_URL}/payment/customers/cus_123`, { headers }),
    );
    const right = await getResponse(
      mswHandlers(mock),
      new Request(`${DEFAULT_SANDBOX_BASE_URL}/payment/customers/cus_123`, { headers }),
    );
    expect(wrong?.status).toBe(404);
    expect(await wrong?.json()).toMatchObject({ error: { code: 'route_not_found' } });
    expect(right?.status).toBe(200);
  });
});
