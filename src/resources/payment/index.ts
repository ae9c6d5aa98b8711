import type { PipelineConfig } from '../../internal/request.js';
import { Customers } from './customers.js';
import { PaymentWebhooks } from './webhooks.js';

/** The payment area (sandbox): `client.payment`. */
export class Payment {
  /** Payment webhook registrations. */
  readonly webhooks: PaymentWebhooks;
  /** Customers and their payment methods. */
  readonly customers: Customers;

  /** @internal */
  constructor(config: PipelineConfig) {
    this.webhooks = new PaymentWebhooks(config);
    this.customers = new Customers(config);
  }
}
