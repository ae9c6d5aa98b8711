import type { ClientOptions } from './core/options.js';
import { clientOptionsOf, clientSettings } from './internal/settings.js';
import { isBrowserPage, runtimeName } from './internal/runtime.js';
import { Transport, type TransportInit } from './internal/transport.js';
import { Account } from './resources/account/index.js';
import { Payment } from './resources/payment/index.js';
import { Sms } from './resources/sms/index.js';
import { VERSION } from './version.js';

/** The once-only warnings' memory of the client `withOptions` is building a child of, while it does. */
let parentWarned: TransportInit['warned'] | undefined;

/**
 * The gateway API client. Construct it once and share it: it holds no per-call state.
 *
 * @example
 * const client = new Client({ apiKey: 'sk_live_…', baseURL: 'https://api.example.com' });
 * const message = await client.sms.messages.create({ to: '+447700900123', message: 'Hello' });
 */
export class Client {
  // Fields the constructor assigns are `declare`d (here and in the resource classes): a bare field
  // would be emitted as a declaration too, bytes in the page's first load that change nothing.
  /** SMS: messages, bulk jobs, templates and webhooks (uses `apiKey` and `baseURL`). */
  declare readonly sms: Sms;
  /** Payment sandbox: webhooks, customers and payment methods (uses `testApiKey` and `sandboxBaseURL`). */
  declare readonly payment: Payment;
  /** Account: organization members (uses `accessToken` and `baseURL`). */
  declare readonly account: Account;
  /**
   * The options this client was built from, with what was read from the environment filled in:
   * what `withOptions` starts from. Private (`#`), so no dump of the client (util.inspect,
   * JSON.stringify, a debugger's preview) shows the credentials in it.
   */
  readonly #options: ClientOptions;
  /** What the once-only warnings remember: shared with every `withOptions` child, so each warns once for all. */
  readonly #warned: TransportInit['warned'] = parentWarned ?? {};

  constructor(given?: ClientOptions) {
    parentWarned = undefined;
    // Own properties only, names checked: a misspelt option is refused, not silently ignored, and
    // nothing set on Object.prototype by other code is read as an option. Then the runtime's
    // globals and a browser page's consent are checked, then the options' values.
    const options = clientOptionsOf(given);
    const settings = clientSettings(options);
    // What `withOptions` starts from: the options as resolved (environment read, defaults applied),
    // and a copy of the headers, so changing the object passed in later changes neither client.
    // A credential or address it lacks is kept as '', which is unset without a look at the
    // environment: a client from `withOptions` never reads the environment again.
    const resolved = { ...settings.credentials, ...settings.addresses };
    for (const name in resolved) resolved[name as keyof typeof resolved] ??= '';
    this.#options = {
      ...options,
      ...resolved,
      logLevel: settings.logLevel,
      serviceVersion: settings.serviceVersion,
      // The settings' copy: nothing writes to it (internal/area.ts reads it into each request's headers).
      defaultHeaders: settings.defaultHeaders,
    };
    const secrets = Object.values(settings.credentials).filter((v): v is string => v !== undefined);
    const transport = new Transport({
      settings,
      sink: options.logger ?? console,
      secrets,
      random: Math.random,
      // Browsers refuse to let a page set User-Agent; everywhere else it names the SDK.
      userAgent: isBrowserPage() ? undefined : `gateway-sdk/${VERSION} (${runtimeName()})`,
      warned: this.#warned,
    });
    this.sms = new Sms(transport);
    this.payment = new Payment(transport);
    this.account = new Account(transport);
  }

  /** For `JSON.stringify(client)`: no option's value, so never a credential. */
  toJSON(): string {
    return '[gateway-sdk Client]';
  }

  /** For `util.inspect(client)` and `console.log(client)`: the same, never a credential. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toJSON();
  }

  /**
   * A new client with `overrides` applied over this client's options, checked as a constructor's
   * are (a bad credential or option is a `ConfigurationError`), sharing nothing mutable with this
   * one (settings, headers, logger, transport), which is left unchanged. Every option given
   * replaces this client's, except `defaultHeaders`, which are merged by name (any case): a header
   * given replaces the one of the same name, the others are kept. An option given as `undefined`
   * keeps this client's. Options read from the environment are carried over as read: the
   * environment is not read again.
   *
   * @example
   * const quick = client.withOptions({ maxRetries: 0, timeout: 5_000 });
   * const tenant = client.withOptions({ apiKey: tenantKey, defaultHeaders: { 'x-tenant': 'acme' } });
   */
  withOptions(overrides: ClientOptions): Client {
    const given = clientOptionsOf(overrides);
    const base = this.#options;
    // Merged by name in any case: both maps are read with lowercased names (HTTP's are
    // case-insensitive), the given one last.
    const defaultHeaders: Record<string, string> = {};
    for (const [name, value] of [
      ...Object.entries(base.defaultHeaders ?? {}),
      ...Object.entries(given.defaultHeaders ?? {}),
    ])
      defaultHeaders[name.toLowerCase()] = value;
    // An option given as `undefined` keeps this client's: `{ apiKey: undefined }` must not fall
    // back to the environment's key, which this client may have been built to avoid.
    const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    // Hook lists are copied by the new client's settings (internal/settings.ts), so a hook pushed
    // onto either client's list later does not reach the other.
    const options = { ...base, ...set, defaultHeaders };
    parentWarned = this.#warned;
    return new Client(options);
  }
}
