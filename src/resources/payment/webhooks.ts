import * as z from 'zod/mini';
import type { PagePromise } from '../../core/pagination.js';
import { cursorPageSchema } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
import { parseInput, wireDateTime } from '../../core/schema.js';
import { pageLimit } from '../sms/fields.js';

/** Payment webhooks (sandbox). */
export class PaymentWebhooks extends APIResource {
  protected readonly area = 'payment';

  /**
   * Lists payment webhooks, page by page as you iterate (GET /payment/webhooks).
   *
   * @example for await (const hook of client.payment.webhooks.list()) console.log(hook.url, hook.events)
   */
  list(query: PaymentWebhookListParams = {}, opts?: RequestOptions): PagePromise<PaymentWebhook> {
    return this._list(
      () => ({ path: 'payment/webhooks', query: parseInput(PaymentWebhookListParams, query, 'PaymentWebhookListParams') }),
      PaymentWebhookPage,
      opts,
    );
  }
}

/** A payment webhook as listed by the service. */
export const PaymentWebhook = z.looseObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.optional(z.string()),
  enabled: z.optional(z.boolean()),
  created_at: z.optional(wireDateTime()),
});
/** A payment webhook as listed by the service. */
export type PaymentWebhook = z.output<typeof PaymentWebhook>;

const PaymentWebhookPage = cursorPageSchema(PaymentWebhook);

/**
 * Paging of `payment.webhooks.list`. The reference shows no query parameters; the list wrapper's
 * `next_cursor` implies `after`, and `limit` follows the documented page size of 1 to 100.
 */
export const PaymentWebhookListParams = z.strictObject({
  limit: z.optional(pageLimit),
  after: z.optional(z.string()),
});
/** Paging of `payment.webhooks.list`. */
export type PaymentWebhookListParams = z.input<typeof PaymentWebhookListParams>;
