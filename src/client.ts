import { ConfigurationError } from './core/errors.js';
import { SafeLogger } from './core/logger.js';
import { type ClientOptions, clientSettings } from './core/options.js';
import type { PipelineConfig } from './core/request.js';
import { isBrowserPage, runtimeName } from './core/runtime.js';
import { Transport } from './core/transport.js';
import { Account } from './resources/account/index.js';
import { Payment } from './resources/payment/index.js';
import { Sms } from './resources/sms/index.js';
import { VERSION } from './version.js';

/**
 * The gateway API client. Construct it once and share it: it holds no per-call state.
 *
 * @example
 * const client = new Client({ apiKey: 'sk_live_…', baseURL: 'https://api.example.com' });
 * const message = await client.sms.messages.create({ to: '+447700900123', message: 'Hello' });
 */
export class Client {
  /** SMS: messages, bulk jobs, templates and webhooks (uses `apiKey` and `baseURL`). */
  readonly sms: Sms;
  /** Payment sandbox: webhooks, customers and payment methods (uses `testApiKey` and `sandboxBaseURL`). */
  readonly payment: Payment;
  /** Account: organization members (uses `accessToken` and `baseURL`). */
  readonly account: Account;

  constructor(options: ClientOptions = {}) {
    if (isBrowserPage() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigurationError(
        'A Client in a browser page exposes its API key to every visitor. Call the API from your ' +
          'server instead, or pass dangerouslyAllowBrowser: true if the key is meant to be public ' +
          '(e.g. a test key in a demo).',
        'dangerouslyAllowBrowser',
      );
    }
    const settings = clientSettings(options);
    const secrets = Object.values(settings.credentials).filter((v): v is string => v !== undefined);
    const config: PipelineConfig = {
      transport: new Transport({
        settings,
        logger: new SafeLogger(options.logger ?? console, settings.logLevel, secrets),
        random: Math.random,
        // Browsers refuse to let a page set User-Agent; everywhere else it names the SDK.
        userAgent: isBrowserPage() ? undefined : `gateway-sdk/${VERSION} (${runtimeName()})`,
        deprecationsWarned: new Set(),
      }),
    };
    this.sms = new Sms(config);
    this.payment = new Payment(config);
    this.account = new Account(config);
  }

  /** For `JSON.stringify(client)`: no option's value, so never a credential (issue 26). */
  toJSON(): string {
    return '[gateway-sdk Client]';
  }

  /** For `util.inspect(client)` and `console.log(client)`: the same, never a credential. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toJSON();
  }
}
