import type { Transport } from '../../internal/transport.js';
import { Customers } from './customers.js';
import { PaymentWebhooks } from './webhooks.js';

/** The payment area (sandbox): `client.payment`. */
export class Payment {
  /** Payment webhook registrations. */
  declare readonly webhooks: PaymentWebhooks;
  /** Customers and their payment methods. */
  declare readonly customers: Customers;

  /** @internal */
  constructor(transport: Transport) {
    this.webhooks = new PaymentWebhooks(transport);
    this.customers = new Customers(transport);
  }
}
