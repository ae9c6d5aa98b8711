// The Service-Version a call sends: the call's option, else the client's, else
// GATEWAY_SERVICE_VERSION, else SERVICE_VERSION; only on the versioned areas (sms, payment); and a
// 4xx about the version says which option to change and which version was sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BadRequestError,
  Client,
  type ClientOptions,
  ConfigurationError,
  SERVICE_VERSION,
  ValidationError,
} from 'gateway-sdk';
import { message } from '../helpers/fixtures.js';

const customer = { id: 'cus_1' };

function recording(
  answer: (request: Request) => Response = () => Response.json(message),
  options: ClientOptions = {},
) {
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(request);
    return answer(request);
  };
  const client = new Client({
    apiKey: 'sk_live_v',
    testApiKey: 'sk_test_v',
    accessToken: 'at_v',
    baseURL: 'https://api.gateway.test',
    sandboxBaseURL: 'https://sandbox.gateway.test',
    maxRetries: 0,
    logLevel: 'off',
    fetch: fetch as typeof globalThis.fetch,
    ...options,
  });
  return { client, sent };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Service-Version', () => {
  it('is SERVICE_VERSION by default', async () => {
    const { client, sent } = recording();
    await client.sms.messages.retrieve('msg_1');
    expect(SERVICE_VERSION).toBe('2026-01-01');
    expect(sent[0]?.headers.get('service-version')).toBe(SERVICE_VERSION);
  });

  it('is read from GATEWAY_SERVICE_VERSION when the client has none, and the option wins over it', async () => {
    vi.stubEnv('GATEWAY_SERVICE_VERSION', '2026-06-01');
    const fromEnv = recording();
    await fromEnv.client.sms.messages.retrieve('msg_1');
    expect(fromEnv.sent[0]?.headers.get('service-version')).toBe('2026-06-01');
    // withOptions keeps the version resolved at construction, without reading the environment again.
    vi.stubEnv('GATEWAY_SERVICE_VERSION', '2027-01-01');
    const derived = fromEnv.client.withOptions({ timeout: 5_000 });
    await derived.sms.messages.retrieve('msg_1');
    expect(fromEnv.sent[1]?.headers.get('service-version')).toBe('2026-06-01');
    const option = recording(undefined, { serviceVersion: '2025-12-01' });
    await option.client.sms.messages.retrieve('msg_1');
    expect(option.sent[0]?.headers.get('service-version')).toBe('2025-12-01');
  });

  it('refuses a GATEWAY_SERVICE_VERSION that is not a date, naming the variable', () => {
    vi.stubEnv('GATEWAY_SERVICE_VERSION', 'latest');
    expect(() => recording()).toThrow(ConfigurationError);
    expect(() => recording()).toThrow(/GATEWAY_SERVICE_VERSION.*YYYY-MM-DD/);
  });

  it('is set per call on sms and payment, and the next call goes back to the client’s', async () => {
    const { client, sent } = recording((r) =>
      Response.json(r.url.includes('customers') ? customer : message),
    );
    await client.sms.messages.retrieve('msg_1', { serviceVersion: '2026-06-01' });
    await client.payment.customers.retrieve('cus_1', { serviceVersion: '2026-06-01' });
    await client.sms.messages.retrieve('msg_1');
    expect(sent.map((r) => r.headers.get('service-version'))).toEqual([
      '2026-06-01',
      '2026-06-01',
      SERVICE_VERSION,
    ]);
  });

  it('is never sent by account, whatever the client’s', async () => {
    const { client, sent } = recording(() => Response.json([]), { serviceVersion: '2026-06-01' });
    await client.account.organizations.members.list('org_1');
    expect(sent[0]?.headers.has('service-version')).toBe(false);
  });

  it('per call on account is refused, saying account sends none, before sending', async () => {
    const { client, sent } = recording(() => Response.json([]));
    const error = await client.account.organizations.members
      .list('org_1', { serviceVersion: '2026-06-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(
      /options\.serviceVersion is not sent by account operations, which have no Service-Version: remove it/,
    );
    expect((error as ValidationError).issues[0]?.path).toEqual(['serviceVersion']);
    expect(sent).toHaveLength(0);
  });

  it('refuses a per-call version that is not a date, before sending', async () => {
    const { client, sent } = recording();
    const error = await client.sms.messages
      .retrieve('msg_1', { serviceVersion: 'v2' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(
      /options\.serviceVersion must be a date as YYYY-MM-DD/,
    );
    expect(sent).toHaveLength(0);
  });

  describe.each(['2026-02-30', '2026-13-01', '2026-04-31', '2025-02-29', '2026-00-10'])(
    'that is shaped as a date but is not one on the calendar (%s)',
    (version) => {
      it('is refused on the client', () => {
        expect(() => recording(undefined, { serviceVersion: version })).toThrow(ConfigurationError);
        expect(() => recording(undefined, { serviceVersion: version })).toThrow(
          /serviceVersion must be a date as YYYY-MM-DD on the calendar/,
        );
      });

      it('is refused from GATEWAY_SERVICE_VERSION, naming the variable', () => {
        vi.stubEnv('GATEWAY_SERVICE_VERSION', version);
        expect(() => recording()).toThrow(/serviceVersion \(from GATEWAY_SERVICE_VERSION\) must be a date/);
      });

      it('is refused per call, before sending', async () => {
        const { client, sent } = recording();
        const error = await client.sms.messages
          .retrieve('msg_1', { serviceVersion: version })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect(sent).toHaveLength(0);
      });
    },
  );

  it('accepts 29 February of a leap year', async () => {
    const { client, sent } = recording(undefined, { serviceVersion: '2028-02-29' });
    await client.sms.messages.retrieve('msg_1');
    expect(sent[0]?.headers.get('service-version')).toBe('2028-02-29');
  });

  it('as a header per call is refused, pointing at the option', async () => {
    const { client, sent } = recording();
    const error = await client.sms.messages
      .retrieve('msg_1', { headers: { 'Service-Version': '2026-06-01' } })
      .catch((e: unknown) => e);
    expect((error as ValidationError).message).toMatch(
      /use the serviceVersion option \(per call or on the client\)/,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('a 4xx about the version', () => {
  it.each([
    ['unsupported_version', 'Version 2030-01-01 is not supported'],
    ['invalid_version', 'Bad header'],
    ['parameter_invalid', 'Unknown Service-Version: use one of 2026-01-01'],
  ])('(%s) names the serviceVersion option and the version sent', async (code, said) => {
    const { client } = recording(() => Response.json({ error: { code, message: said } }, { status: 400 }));
    const error = await client.sms.messages
      .retrieve('msg_1', { serviceVersion: '2030-01-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toMatch(
      /sent Service-Version 2030-01-01: set the `serviceVersion` option/,
    );
    expect((error as Error).message).toMatch(/GATEWAY_SERVICE_VERSION/);
  });

  it.each([
    [404, 'not_found', 'template version 3 not found'],
    [404, 'template_version_not_found', 'Template tpl_1 has no version 3'],
    [409, 'conflict', 'The webhook was changed by another request (version 7)'],
    [422, 'parameter_invalid', 'variables.version must be a string'],
  ])('%i %s that speaks of another version gets no serviceVersion advice', async (status, code, said) => {
    const { client } = recording(() => Response.json({ error: { code, message: said } }, { status }));
    const error = await client.sms.messages.retrieve('msg_1').catch((e: unknown) => e);
    expect((error as Error).message).toContain(said);
    expect((error as Error).message).not.toMatch(/serviceVersion|Service-Version/);
  });

  it('any other 400 keeps its own advice', async () => {
    const { client } = recording(() =>
      Response.json({ error: { code: 'parameter_invalid', message: 'to is invalid' } }, { status: 400 }),
    );
    const error = await client.sms.messages.retrieve('msg_1').catch((e: unknown) => e);
    expect((error as Error).message).not.toMatch(/serviceVersion/);
    expect((error as Error).message).toMatch(/Fix the request/);
  });
});
