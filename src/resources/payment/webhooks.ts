import * as z from 'zod/mini';
import type { PagePromise } from '../../core/pagination.js';
import { cursorPageSchema } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/options.js';
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
      () => ({
        path: 'payment/webhooks',
        query: parseInput(PaymentWebhookListParams, query, 'PaymentWebhookListParams'),
      }),
      PaymentWebhookPage,
      opts,
    );
  }
}

/** A payment webhook as listed by the service. */
export const PaymentWebhook = z.looseObject({
  /** Webhook identifier. */
  id: z.string(),
  /** Callback URL. */
  url: z.string(),
  /** Event names, such as `payment.succeeded`. */
  events: z.array(z.string()),
  /** Free text. */
  description: z.optional(z.string()),
  /** Whether the webhook is active. */
  enabled: z.optional(z.boolean()),
  /** Creation time, ISO 8601. */
  created_at: z.optional(wireDateTime()),
});
/**
 * A payment webhook as listed by the service.
 *
 * @interface
 */
export type PaymentWebhook = z.output<typeof PaymentWebhook>;

const PaymentWebhookPage = cursorPageSchema(PaymentWebhook);

/**
 * Paging of `payment.webhooks.list`. The reference shows no query parameters; the list wrapper's
 * `next_cursor` implies `after`, and `limit` follows the documented page size of 1 to 100.
 */
export const PaymentWebhookListParams = z.strictObject({
  /** Page size, 1 to 100. */
  limit: z.optional(pageLimit),
  /** Cursor: start after this webhook id. Iterating sets it for you. */
  after: z.optional(z.string()),
});
/**
 * Paging of `payment.webhooks.list`.
 *
 * @interface
 */
export type PaymentWebhookListParams = z.input<typeof PaymentWebhookListParams>;
