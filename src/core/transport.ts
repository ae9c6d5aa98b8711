// One ky instance per API area, each holding only that area's credential and address, so a key
// can never be sent to another area's host. ky is used lean: its retry, timeout and HTTP-error
// throwing are off (core/retry.ts and core/request.ts own those), it has no hooks (each hook
// costs a Response clone per call), and redirects are not followed: a redirect to another host
// would otherwise carry the Authorization header with it.
import type * as Ky from 'ky';
import type { KyInstance } from 'ky';
import { ConfigurationError } from './errors.js';

/** The three areas of the API; each has its own credential and address. */
export type Area = 'sms' | 'payment' | 'account';

/** Option names that hold a credential. */
export type CredentialOption = 'apiKey' | 'testApiKey' | 'accessToken';
/** Option names that hold an address. */
export type AddressOption = 'baseURL' | 'sandboxBaseURL';

interface AreaSpec {
  credential: CredentialOption;
  address: AddressOption;
  /** Whether requests carry `Service-Version` (api-reference.md, Versioning 1 and 4). */
  versioned: boolean;
}

/** Which credential, address and headers each area uses (api-reference.md, Authentication 2). */
export const AREAS: Record<Area, AreaSpec> = {
  sms: { credential: 'apiKey', address: 'baseURL', versioned: true },
  payment: { credential: 'testApiKey', address: 'sandboxBaseURL', versioned: true },
  account: { credential: 'accessToken', address: 'baseURL', versioned: false },
};

/** The environment variable behind each option. */
export const ENV: Record<CredentialOption | AddressOption, string> = {
  apiKey: 'GATEWAY_API_KEY',
  testApiKey: 'GATEWAY_TEST_API_KEY',
  accessToken: 'GATEWAY_ACCESS_TOKEN',
  baseURL: 'GATEWAY_BASE_URL',
  sandboxBaseURL: 'GATEWAY_SANDBOX_BASE_URL',
};

/** Everything the transport needs, resolved once by the Client. */
export interface TransportConfig {
  credentials: Record<CredentialOption, string | undefined>;
  addresses: Record<AddressOption, string | undefined>;
  serviceVersion: string;
  fetch: typeof globalThis.fetch | undefined;
  defaultHeaders: Record<string, string>;
  userAgent: string | undefined;
}

/** An area ready to send: its ky instance and the credential it holds (for scrubbing errors). */
export interface AreaTransport {
  area: Area;
  ky: KyInstance;
  credential: string;
  credentialOption: CredentialOption;
}

// ky feature-detects Request streams when its module loads, which makes Node load its whole
// fetch stack (undici). Loading ky on the first request instead keeps `import 'gateway-sdk'`
// cheap; the first request needs that stack anyway, as a bare fetch would.
let kyModule: Promise<typeof Ky> | undefined;

/** Builds each area's ky instance on first use, after checking its configuration. */
export class Transport {
  readonly #areas = new Map<Area, AreaTransport>();
  constructor(readonly config: TransportConfig) {}

  /** The area's transport once built (the hot path: no await). */
  get(area: Area): AreaTransport | undefined {
    return this.#areas.get(area);
  }

  /** Builds the area's transport; rejects with `ConfigurationError` naming the option and env var when one is missing. */
  async open(area: Area): Promise<AreaTransport> {
    const spec = AREAS[area];
    const credential = this.config.credentials[spec.credential];
    if (credential === undefined) throw missing(area, spec.credential);
    const prefixUrl = this.config.addresses[spec.address];
    if (prefixUrl === undefined) throw missing(area, spec.address);

    // Ours come last so defaultHeaders can never put one area's credential on another's requests.
    const headers: Record<string, string> = { accept: 'application/json', ...this.config.defaultHeaders };
    headers['authorization'] = `Bearer ${credential}`;
    if (spec.versioned) headers['service-version'] = this.config.serviceVersion;
    if (this.config.userAgent !== undefined) headers['user-agent'] = this.config.userAgent;

    kyModule ??= import('ky');
    const { default: ky } = await kyModule;
    const transport: AreaTransport = {
      area,
      credential,
      credentialOption: spec.credential,
      ky: ky.create({
        prefixUrl,
        headers,
        retry: 0,
        timeout: false,
        throwHttpErrors: false,
        redirect: 'manual',
        ...(this.config.fetch ? { fetch: this.config.fetch } : {}),
      }),
    };
    // Two first calls may race here; both instances are equivalent, the second one is kept.
    this.#areas.set(area, transport);
    return transport;
  }
}

function missing(area: Area, option: CredentialOption | AddressOption): ConfigurationError {
  const what = option === 'apiKey' || option === 'testApiKey' || option === 'accessToken' ? 'credential' : 'address';
  return new ConfigurationError(
    `client.${area} needs the ${what} \`${option}\`: pass it to new Client({ ${option} }) or set the ${ENV[option]} environment variable. Nothing was sent.`,
    option,
  );
}
