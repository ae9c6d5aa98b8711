import type { PagePromise } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { PaymentWebhook, PaymentWebhookListParams } from '../models/payment.js';

export type { PaymentWebhook, PaymentWebhookListParams } from '../models/payment.js';

/** Payment webhooks (sandbox). */
export class PaymentWebhooks extends APIResource {
  /**
   * Lists payment webhooks, page by page as you iterate (GET /payment/webhooks).
   *
   * @example for await (const hook of client.payment.webhooks.list()) console.log(hook.url, hook.events)
   */
  list(query: PaymentWebhookListParams = {}, opts?: RequestOptions): PagePromise<PaymentWebhook> {
    return this._list('payment.webhooks.list', { query }, opts);
  }
}
