// One ky instance per API area, each holding only that area's credential, address and headers,
// so a key can never be sent to another area's host. ky owns the URL prefix, the header merge,
// the per-attempt and whole-call timeouts and the retry loop (internal/retry.ts states its
// policy); internal/call.ts adds what ky lacks, through each call's `fetch` and, where needed,
// one `beforeRetry` hook.
//
// ky is part of the engine (resources/engine.ts), loaded on the first request: at import it probes
// for request streams by building a `Request`, which makes Node load its whole fetch stack
// (undici), so importing it with the SDK would make every cold `import 'gateway-sdk'` pay for that.
import ky, { type Options } from 'ky';
import { ConfigurationError } from '../core/engine-kit.js';
import { withOwnHook } from './call-hooks.js';
import { envOf } from './engine-kit.js';
import type { AddressOption, CredentialOption } from './settings.js';
import type { Area, AreaTransport, TransportContext } from './transport.js';

/**
 * ky joins signals with `AbortSignal.any`, which some runtimes lack (Vercel's edge runtime);
 * there ky neither aborts a timed-out attempt nor cuts a wait short, so the call does both itself.
 * Read once, when ky loads (with this engine file), as ky reads it, and written as ky writes it
 * (gzip finds it in ky's own text in the bundle).
 */
export const HAS_SIGNAL_ANY =
  typeof globalThis.AbortSignal === 'function' && typeof globalThis.AbortSignal.any === 'function';

/**
 * Which credential and address each area uses, in that order (its headers are openArea's): each
 * area's key goes to its own address only.
 */
export const AREAS: Record<Area, readonly [CredentialOption, AddressOption]> = {
  sms: ['apiKey', 'baseURL'],
  payment: ['testApiKey', 'sandboxBaseURL'],
  account: ['accessToken', 'baseURL'],
};

/** Builds the area's transport; throws `ConfigurationError` naming the option and env var when one is missing. */
export function openArea(context: TransportContext, area: Area): AreaTransport {
  const [credentialOption, address] = AREAS[area];
  const settings = context.settings;
  const credential = settings.credentials[credentialOption];
  if (credential === undefined) throw missing(area, credentialOption, 'credential');
  const prefix = settings.addresses[address];
  if (prefix === undefined) throw missing(area, address, 'address');

  // Names are lower-cased so that ours, set last, replace any spelling of them in defaultHeaders.
  // No Authorization here: ky shows its options and Request to hooks, which may print them; each
  // call's `fetch` sets it on the request it sends, after every hook (internal/call-hooks.ts).
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(settings.defaultHeaders)) headers[name.toLowerCase()] = value;
  // Requests carry `Service-Version` but in the account area: the SMS and payment operations do,
  // the members operation does not.
  const serviceVersion = area === 'account' ? undefined : settings.serviceVersion;
  if (serviceVersion) headers['service-version'] = serviceVersion;
  if (context.userAgent !== undefined) headers['user-agent'] = context.userAgent;

  // `prefix`, not `baseUrl`: paths are joined to the address as written, so an address with a
  // path (https://host/v1) keeps it, as `prefixUrl` did in ky 1. No `retry`: each call passes
  // the whole of it (internal/call-hooks.ts), which ky then takes as it is instead of merging two.
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
  const ownHook = !HAS_SIGNAL_ANY || context.logger.enabled('info') || settings.hooks !== undefined;
  if (ownHook) options.hooks = withOwnHook(settings.hooks);
  return {
    area,
    ky: ky.create(options),
    stop: ky.stop,
    ownHook,
    credential,
    credentialOption,
    authorization: `Bearer ${credential}`,
    serviceVersion,
    origin: `${new URL(prefix).origin}/`,
  };
}

function missing(
  area: Area,
  option: CredentialOption | AddressOption,
  what: 'credential' | 'address',
): ConfigurationError {
  return new ConfigurationError(
    `client.${area} needs the ${what} \`${option}\`: pass it to new Client({ ${option} }) ` +
      `or set the ${envOf(option)} environment variable. Nothing was sent.`,
    option,
  );
}
