import { readFileSync } from 'node:fs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Client, ConfigurationError, DEFAULT_SERVICE_VERSION, VERSION } from 'gateway-sdk';
import { useMsw } from './helpers/msw.js';
import { message } from './helpers/fixtures.js';

const SMS = 'https://sms.gateway.test';
const SANDBOX = 'https://sandbox.gateway.test';
const customer = { id: 'cus_1' };

const { server, wire } = useMsw(
  http.get(`${SMS}/sms/messages/:id`, () => HttpResponse.json(message)),
  http.get(`${SANDBOX}/payment/customers/:id`, () => HttpResponse.json(customer)),
  http.get(`${SMS}/account/organizations/:id/members`, () => HttpResponse.json([])),
);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const full = {
  apiKey: 'live_key_1',
  testApiKey: 'test_key_2',
  accessToken: 'token_3',
  baseURL: SMS,
  sandboxBaseURL: SANDBOX,
};

describe('credentials and addresses per area', () => {
  it('sends each area only its own credential, to its own address', async () => {
    const client = new Client(full);
    await client.sms.messages.retrieve('msg_1');
    await client.payment.customers.retrieve('cus_1');
    await client.account.organizations.members.list('org_1');
    expect(wire.map((r) => [r.url.origin, r.headers['authorization']])).toEqual([
      [SMS, 'Bearer live_key_1'],
      [SANDBOX, 'Bearer test_key_2'],
      [SMS, 'Bearer token_3'],
    ]);
  });

  it('sends Service-Version on sms and payment but not on account', async () => {
    const client = new Client({ ...full, serviceVersion: '2025-06-30' });
    await client.sms.messages.retrieve('msg_1');
    await client.payment.customers.retrieve('cus_1');
    await client.account.organizations.members.list('org_1');
    expect(wire.map((r) => r.headers['service-version'])).toEqual(['2025-06-30', '2025-06-30', undefined]);
  });

  it('defaults Service-Version to 2026-01-01', async () => {
    await new Client(full).sms.messages.retrieve('msg_1');
    expect(DEFAULT_SERVICE_VERSION).toBe('2026-01-01');
    expect(wire[0]?.headers['service-version']).toBe('2026-01-01');
  });

  it('reads every credential and address from the environment', async () => {
    vi.stubEnv('GATEWAY_API_KEY', 'env_live');
    vi.stubEnv('GATEWAY_TEST_API_KEY', 'env_test');
    vi.stubEnv('GATEWAY_ACCESS_TOKEN', 'env_token');
    vi.stubEnv('GATEWAY_BASE_URL', SMS);
    vi.stubEnv('GATEWAY_SANDBOX_BASE_URL', SANDBOX);
    const client = new Client();
    await client.sms.messages.retrieve('msg_1');
    await client.payment.customers.retrieve('cus_1');
    await client.account.organizations.members.list('org_1');
    expect(wire.map((r) => `${r.url.origin} ${r.headers['authorization']}`)).toEqual([
      `${SMS} Bearer env_live`,
      `${SANDBOX} Bearer env_test`,
      `${SMS} Bearer env_token`,
    ]);
  });

  it('prefers options over the environment', async () => {
    vi.stubEnv('GATEWAY_API_KEY', 'env_live');
    await new Client(full).sms.messages.retrieve('msg_1');
    expect(wire[0]?.headers['authorization']).toBe('Bearer live_key_1');
  });

  it('keeps a base path of the address', async () => {
    server.use(http.get(`${SMS}/v1/sms/messages/:id`, () => HttpResponse.json(message)));
    await new Client({ ...full, baseURL: `${SMS}/v1` }).sms.messages.retrieve('msg_1');
    expect(wire[0]?.url.pathname).toBe('/v1/sms/messages/msg_1');
  });

  it('does not let defaultHeaders replace an area credential: refused at construction', () => {
    const build = () =>
      new Client({ ...full, defaultHeaders: { authorization: 'Bearer leaked', 'x-team': 'growth' } });
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(/apiKey, testApiKey or accessToken/);
    expect(wire).toHaveLength(0);
  });
});

describe('missing configuration', () => {
  const cases = [
    ['apiKey', 'GATEWAY_API_KEY', (c: Client) => c.sms.messages.retrieve('msg_1')],
    ['testApiKey', 'GATEWAY_TEST_API_KEY', (c: Client) => c.payment.customers.retrieve('cus_1')],
    ['accessToken', 'GATEWAY_ACCESS_TOKEN', (c: Client) => c.account.organizations.members.list('org_1')],
    ['baseURL', 'GATEWAY_BASE_URL', (c: Client) => c.sms.messages.retrieve('msg_1')],
    ['sandboxBaseURL', 'GATEWAY_SANDBOX_BASE_URL', (c: Client) => c.payment.customers.retrieve('cus_1')],
  ] as const;

  it.each(cases)(
    'a missing %s rejects with ConfigurationError naming it and %s, and sends nothing',
    async (option, env, call) => {
      const client = new Client({ ...full, [option]: undefined });
      const error = await call(client).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe(option);
      expect((error as Error).message).toContain(option);
      expect((error as Error).message).toContain(env);
      expect(wire).toHaveLength(0);
    },
  );

  it('leaves the other areas working when one credential is missing', async () => {
    const client = new Client({ ...full, testApiKey: undefined });
    await expect(client.payment.customers.retrieve('cus_1')).rejects.toBeInstanceOf(ConfigurationError);
    await expect(client.sms.messages.retrieve('msg_1')).resolves.toMatchObject({ id: 'msg_1' });
    expect(wire).toHaveLength(1);
  });
});

describe('option checks at construction', () => {
  it.each([
    [{ serviceVersion: '2026-1-1' }, 'serviceVersion'],
    [{ timeout: 0 }, 'timeout'],
    [{ timeout: 1.5 }, 'timeout'],
    [{ maxRetries: -1 }, 'maxRetries'],
    [{ maxRetries: 11 }, 'maxRetries'],
    [{ baseURL: 'api.example.com' }, 'baseURL'],
    [{ baseURL: 'ftp://api.example.com' }, 'baseURL'],
    [{ sandboxBaseURL: 'https://user:pw@api.example.com' }, 'sandboxBaseURL'],
    [{ logLevel: 'verbose' }, 'logLevel'],
    [{ apiKey: 'has space' }, 'apiKey'],
    [{ defaultHeaders: { 'x-team': 'growth\r\nx-evil: 1' } }, 'defaultHeaders'],
    [{ defaultHeaders: { 'bad name': 'v' } }, 'defaultHeaders'],
    [{ defaultHeaders: { 'x-n': 42 } }, 'defaultHeaders'],
  ])('refuses %j', (options, option) => {
    expect(() => new Client(options as never)).toThrow(ConfigurationError);
    try {
      new Client(options as never);
    } catch (error) {
      expect((error as ConfigurationError).option).toBe(option);
    }
  });

  it('never puts the bad credential in the message', () => {
    expect(() => new Client({ apiKey: 'sk_live_SECRET\n' })).toThrow(/apiKey/);
    try {
      new Client({ apiKey: 'sk_live_SECRET\n' });
    } catch (error) {
      expect(JSON.stringify(error)).not.toContain('SECRET');
      expect(String((error as Error).stack)).not.toContain('SECRET');
    }
  });

  it.each(['apiKey', 'testApiKey', 'accessToken'] as const)(
    'refuses a %s over 4096 characters, naming the option and never the value',
    (option) => {
      const long = `sk_${'A'.repeat(10_000_000)}`;
      let error: unknown;
      try {
        new Client({ [option]: long });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe(option);
      expect((error as Error).message).toMatch(new RegExp(`^${option} is longer than 4096 characters`));
      expect(JSON.stringify(error)).not.toContain('AAAA');
      expect(() => new Client({ [option]: `sk_${'A'.repeat(4093)}` })).not.toThrow();
    },
  );

  it('refuses a credential over 4096 characters read from the environment too', () => {
    vi.stubEnv('GATEWAY_API_KEY', 'k'.repeat(4097));
    expect(() => new Client({ baseURL: 'https://sms.gateway.test' })).toThrow(/^apiKey is longer than 4096/);
  });

  it('reads the log level from GATEWAY_LOG', () => {
    vi.stubEnv('GATEWAY_LOG', 'loud');
    expect(() => new Client(full)).toThrow(/GATEWAY_LOG/);
  });
});

describe('browser guard', () => {
  it('refuses to run in a browser page without dangerouslyAllowBrowser', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(() => new Client(full)).toThrow(/dangerouslyAllowBrowser/);
  });

  it('runs in a browser page with dangerouslyAllowBrowser, without setting User-Agent', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    await new Client({ ...full, dangerouslyAllowBrowser: true }).sms.messages.retrieve('msg_1');
    expect(wire).toHaveLength(1);
    expect(wire[0]?.headers['user-agent'] ?? 'none').not.toContain('gateway-sdk');
  });
});

describe('identification', () => {
  it('names the SDK, its version and the runtime in User-Agent', async () => {
    await new Client(full).sms.messages.retrieve('msg_1');
    expect(wire[0]?.headers['user-agent']).toBe(`gateway-sdk/${VERSION} (node/${process.versions.node})`);
  });

  it('keeps VERSION equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });

  it('uses a custom fetch when given', async () => {
    const fetch = vi.fn(async () => HttpResponse.json(message));
    await new Client({ ...full, fetch }).sms.messages.retrieve('msg_1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(wire).toHaveLength(0);
  });
});
