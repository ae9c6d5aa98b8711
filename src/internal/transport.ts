// The client's one transport, which every resource holds: the client's settings, and what every
// call reads with them and each area's ky instance once the client's first call has built them
// (resources/engine.ts, internal/area.ts). This module is what a page loads with the Client: it
// imports neither ky nor zod nor the logger, which load with the engine on the first request.
import type { KyInstance } from 'ky';
import type { Logger } from '../core/logger.js';
import type { KyStop } from './call-hooks.js';
import type { SafeLogger } from './safe-logger.js';
import type { ClientSettings, CredentialOption } from './settings.js';

/** The three areas of the API; each has its own credential and address. */
export type Area = 'sms' | 'payment' | 'account';

/** What the Client builds its transport from. */
export interface TransportInit {
  settings: ClientSettings;
  /** Where log lines go (the `logger` option, else the console), before levels and masking. */
  sink: Logger;
  /** The client's credentials, scrubbed from every log line. */
  secrets: readonly string[];
  /** Source of the retry waits' jitter; tests inject a fixed one. */
  random: () => number;
  /** `User-Agent`, where the runtime lets a script set it. */
  userAgent: string | undefined;
  /** What the once-only warnings remember, shared by a client and its `withOptions` children; filled on the first call. */
  warned: Partial<Pick<TransportContext, 'deprecationsWarned' | 'driftWarned'>>;
}

/** What every call reads: the client's settings, its logger and its warnings so far. */
export interface TransportContext {
  settings: ClientSettings;
  logger: SafeLogger;
  random: () => number;
  userAgent: string | undefined;
  /** Deprecated operations already warned about (once per client and its `withOptions` children each). */
  deprecationsWarned: Set<string>;
  /** Drifted answer fields already warned about, as `operation version field` (once per client and its children each). */
  driftWarned: Set<string>;
}

/** The transport's part for one area: its ky instance and what a call checks every attempt against. */
export interface AreaTransport {
  area: Area;
  /** The area's ky instance, holding only this area's credential, address and headers. */
  ky: KyInstance;
  /** ky's `stop`, returned by a `beforeRetry` hook to end the retries. */
  stop: KyStop;
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

/** The client's settings, the context every call reads, and each area's transport, opened on its first call. */
export class Transport {
  readonly #areaTransports = new Map<Area, AreaTransport>();
  // Private, so no dump of a client or resource (util.inspect, JSON.stringify,
  // structuredClone) reaches the settings and their credentials.
  readonly #init: TransportInit;
  #context: TransportContext | undefined;
  constructor(init: TransportInit) {
    this.#init = init;
  }

  /** For `JSON.stringify`: nothing of the settings, so never a credential. */
  toJSON(): string {
    return '[gateway-sdk Transport]';
  }

  /**
   * For `util.inspect` and `console.log` of a client's parts (`client.sms`): the same. Without it,
   * `util.inspect(x, { getters: true })` calls the getters below and prints every credential.
   */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toJSON();
  }

  /** What the Client built the transport from. */
  get init(): TransportInit {
    return this.#init;
  }

  /** What every call reads, once the engine has built it on the client's first call. */
  get context(): TransportContext | undefined {
    return this.#context;
  }

  /** Keeps the context the engine built; returns it. */
  setContext(context: TransportContext): TransportContext {
    return (this.#context = context);
  }

  /** The area's transport once opened (the hot path: no await). */
  get(area: Area): AreaTransport | undefined {
    return this.#areaTransports.get(area);
  }

  /** Keeps an area's transport for the calls after it; returns it. */
  set(opened: AreaTransport): AreaTransport {
    this.#areaTransports.set(opened.area, opened);
    return opened;
  }
}
