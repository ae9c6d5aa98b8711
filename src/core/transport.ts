// One sender per API area, each holding only that area's credential and address, so a key can
// never be sent to another area's host. Requests go straight to `fetch` with a plain init: no
// `Request` is built and copied per call, no signal is combined, and redirects are not followed
// (a redirect to another host would otherwise carry the Authorization header with it). Retries,
// timeouts and HTTP errors belong to core/retry.ts and core/request.ts.
//
// This replaced a lean ky instance per area: ky builds a Request, clones it for its own retries
// (tee-ing a POST body), combines signals with AbortSignal.any, and fetch then builds a third
// Request from it. On loopback that cost 1.5 to 2 times the CPU of a bare fetch per request; see
// bench/RESULTS.md, which measures that ky path side by side with this one.
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

/** What one attempt sends, besides the area's own address and headers. */
export interface AttemptInit {
  method: string;
  /** Lower-case names; they win over the area's headers. */
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
}

/** An area ready to send: its sender and the credential it holds (for scrubbing errors). */
export interface AreaTransport {
  area: Area;
  /** Sends one attempt to `path` (relative to the area's address, query included). */
  fetch(path: string, init: AttemptInit): Promise<Response>;
  credential: string;
  credentialOption: CredentialOption;
}

/** Builds each area's sender on first use, after checking its configuration. */
export class Transport {
  readonly #areas = new Map<Area, AreaTransport>();
  constructor(readonly config: TransportConfig) {}

  /** The area's transport once built (the hot path: no await). */
  get(area: Area): AreaTransport | undefined {
    return this.#areas.get(area);
  }

  /** Builds the area's transport; throws `ConfigurationError` naming the option and env var when one is missing. */
  open(area: Area): AreaTransport {
    const spec = AREAS[area];
    const credential = this.config.credentials[spec.credential];
    if (credential === undefined) throw missing(area, spec.credential);
    const prefixUrl = this.config.addresses[spec.address];
    if (prefixUrl === undefined) throw missing(area, spec.address);

    // Names are lower-cased so that ours, set last, replace any spelling of them in defaultHeaders:
    // defaultHeaders can never put one area's credential on another's requests.
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(this.config.defaultHeaders))
      headers[name.toLowerCase()] = value;
    headers['authorization'] = `Bearer ${credential}`;
    if (spec.versioned) headers['service-version'] = this.config.serviceVersion;
    if (this.config.userAgent !== undefined) headers['user-agent'] = this.config.userAgent;

    const base = prefixUrl.endsWith('/') ? prefixUrl : `${prefixUrl}/`;
    const custom = this.config.fetch;
    const transport: AreaTransport = {
      area,
      credential,
      credentialOption: spec.credential,
      fetch: (path, init) => {
        const request: RequestInit = {
          method: init.method,
          headers: { ...headers, ...init.headers },
          body: init.body,
          signal: init.signal,
          redirect: 'manual',
        };
        // The global one is looked up per call, so a fetch mock installed later (MSW) still applies,
        // and called on globalThis, as browsers require.
        return custom ? custom(base + path, request) : globalThis.fetch(base + path, request);
      },
    };
    // Two first calls may race here; both instances are equivalent, the second one is kept.
    this.#areas.set(area, transport);
    return transport;
  }
}

function missing(area: Area, option: CredentialOption | AddressOption): ConfigurationError {
  const what =
    option === 'apiKey' || option === 'testApiKey' || option === 'accessToken' ? 'credential' : 'address';
  return new ConfigurationError(
    `client.${area} needs the ${what} \`${option}\`: pass it to new Client({ ${option} }) or set the ${ENV[option]} environment variable. Nothing was sent.`,
    option,
  );
}
