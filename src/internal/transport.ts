// One ky instance per API area, each holding only that area's credential, address and headers,
// so a key can never be sent to another area's host. ky owns the URL prefix, the header merge,
// the per-attempt and whole-call timeouts and the retry loop (internal/retry.ts states its
// policy); internal/call.ts adds what ky lacks, through each call's `fetch` and, where needed,
// one `beforeRetry` hook.
//
// ky is loaded on the first request, not with the SDK: at import it probes for request streams
// by building a `Request`, which makes Node load its whole fetch stack (undici), so importing it
// eagerly would make every cold `import 'gateway-sdk'` pay for that (bench/RESULTS.md). tsup
// bundles it into a chunk of its own.
import type * as Ky from 'ky';
import type { KyInstance, Options } from 'ky';
import { ConfigurationError } from '../core/errors.js';
import { type KyStop, withOwnHook } from './call-hooks.js';
import type { SafeLogger } from './safe-logger.js';
import { type AddressOption, type ClientSettings, type CredentialOption, ENV } from './settings.js';
import { HAS_SIGNAL_ANY } from './runtime.js';

/** The three areas of the API; each has its own credential and address. */
export type Area = 'sms' | 'payment' | 'account';

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

/** What a transport is built from: the client's settings and what every call reads with them. */
export interface TransportContext {
  settings: ClientSettings;
  logger: SafeLogger;
  /** Source of the retry waits' jitter; tests inject a fixed one. */
  random: () => number;
  /** `User-Agent`, where the runtime lets a script set it. */
  userAgent: string | undefined;
  /** Deprecated operations already warned about (once per client each). */
  deprecationsWarned: Set<string>;
}

/** The transport's part for one area: its ky instance and what a call checks every attempt against. */
export interface AreaTransport {
  area: Area;
  /** The area's ky instance once `load()` has run (the hot path reads it without awaiting). */
  ky: KyInstance | undefined;
  /** Loads ky (once per process) and builds the area's instance. */
  load(): Promise<KyInstance>;
  /** ky's `stop`, returned by a `beforeRetry` hook to end the retries; set by `load()`. */
  stop: KyStop | undefined;
  /** Whether the instance runs the SDK's own `beforeRetry` hook; when not, a call with hooks adds it. */
  ownHook: boolean;
  /** The credential (for scrubbing errors and log lines). */
  credential: string;
  credentialOption: CredentialOption;
  /** `Bearer …`, set again on every attempt after the user's hooks have run. */
  authorization: string;
  /** `Service-Version`, for the areas that send it. */
  serviceVersion: string | undefined;
  /** `https://host[:port]/`: the only place this area's credential may go. */
  origin: string;
}

/**
 * The client's one transport, which every resource holds: its context, and each area's ky
 * instance, built on first use after checking the area's configuration.
 */
export class Transport {
  readonly #areas = new Map<Area, AreaTransport>();
  // issue 26: private, so no dump of a client or resource (util.inspect, JSON.stringify,
  // structuredClone) reaches the settings and their credentials.
  readonly #context: TransportContext;
  constructor(context: TransportContext) {
    this.#context = context;
  }

  /** The client's settings and what every call reads with them. */
  get context(): TransportContext {
    return this.#context;
  }

  /** The area's transport once built (the hot path: no await). */
  get(area: Area): AreaTransport | undefined {
    return this.#areas.get(area);
  }

  /** Builds the area's transport; throws `ConfigurationError` naming the option and env var when one is missing. */
  open(area: Area): AreaTransport {
    const spec = AREAS[area];
    const { settings, userAgent } = this.context;
    const credential = settings.credentials[spec.credential];
    if (credential === undefined) throw missing(area, spec.credential);
    const prefix = settings.addresses[spec.address];
    if (prefix === undefined) throw missing(area, spec.address);

    // Names are lower-cased so that ours, set last, replace any spelling of them in defaultHeaders:
    // defaultHeaders can never put one area's credential on another's requests.
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(settings.defaultHeaders)) headers[name.toLowerCase()] = value;
    const authorization = `Bearer ${credential}`;
    headers['authorization'] = authorization;
    const serviceVersion = spec.versioned ? settings.serviceVersion : undefined;
    if (serviceVersion !== undefined) headers['service-version'] = serviceVersion;
    if (userAgent !== undefined) headers['user-agent'] = userAgent;

    // `prefix`, not `baseUrl`: paths are joined to the address as written, so an address with a
    // path (https://host/v1) keeps it, as `prefixUrl` did in ky 1. No `retry`: each call passes
    // the whole of it (internal/retry.ts), which ky then takes as it is instead of merging two.
    const options: Options = {
      prefix,
      headers,
      timeout: settings.timeout,
      // A redirect to another host would carry the Authorization header with it.
      redirect: 'manual',
    };
    // The SDK's own `beforeRetry` hook logs retries at info and ends a call whose caller gave up
    // where ky cannot (no AbortSignal.any). Where neither applies and the client has no hooks, the
    // instance has none: ky merges an instance's hooks into every call's options, a cost each call
    // would pay for nothing; a call with hooks of its own then adds the SDK's (Call.#send). The
    // SDK's own hooks first, then the client's; a call's own hooks come after both.
    const ownHook = !HAS_SIGNAL_ANY || this.context.logger.enabled('info') || settings.hooks !== undefined;
    if (ownHook) options.hooks = withOwnHook(settings.hooks);
    const transport: AreaTransport = {
      area,
      ky: undefined,
      stop: undefined,
      load: async () => {
        const loaded = (await loadKy()).default;
        // In the CommonJS build, import() of ky's CommonJS chunk gives its exports as `default`.
        const ky = typeof loaded.create === 'function' ? loaded : (loaded as unknown as typeof Ky).default;
        transport.stop = ky.stop;
        return (transport.ky ??= ky.create(options));
      },
      ownHook,
      credential,
      credentialOption: spec.credential,
      authorization,
      serviceVersion,
      origin: `${new URL(prefix).origin}/`,
    };
    // Two first calls may race here; both instances are equivalent, the second one is kept.
    this.#areas.set(area, transport);
    return transport;
  }
}

let kyModule: Promise<typeof Ky> | undefined;

/** ky itself, imported once, on the first request. */
function loadKy(): Promise<typeof Ky> {
  return (kyModule ??= import('ky'));
}

function missing(area: Area, option: CredentialOption | AddressOption): ConfigurationError {
  const what =
    option === 'apiKey' || option === 'testApiKey' || option === 'accessToken' ? 'credential' : 'address';
  return new ConfigurationError(
    `client.${area} needs the ${what} \`${option}\`: pass it to new Client({ ${option} }) ` +
      `or set the ${ENV[option]} environment variable. Nothing was sent.`,
    option,
  );
}
