import * as z from 'zod/mini';
import type { PagePromise } from '../../core/pagination.js';
import { cursorPageSchema } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../internal/resource.js';
import {
  type Accepts,
  type Assert,
  parseInput,
  type ParsesTo,
  wireDateTime,
  typedAs,
  closedObject,
} from '../../internal/schema.js';
import { pageLimit } from '../fields.js';

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
        query: parseInput(PaymentWebhookListParamsSchema, query, 'PaymentWebhookListParams'),
      }),
      PaymentWebhookPage,
      opts,
    );
  }
}

/**
 * A payment webhook as listed by the service. Fields the service adds later are kept on the
 * object at run time without being typed: reach one with `'field' in hook` (docs/decisions.md, Types).
 */
export interface PaymentWebhook {
  /** Webhook identifier. */
  id: string;
  /** Callback URL. */
  url: string;
  /** Event names, such as `payment.succeeded`. */
  events: string[];
  /** Free text. */
  description?: string;
  /** Whether the webhook is active. */
  enabled?: boolean;
  /** Creation time, ISO 8601. */
  created_at?: string;
}

const paymentWebhook = z.looseObject({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.optional(z.string()),
  enabled: z.optional(z.boolean()),
  created_at: z.optional(wireDateTime()),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _PaymentWebhookTie = Assert<ParsesTo<typeof paymentWebhook, PaymentWebhook>>;
const PaymentWebhookSchema = typedAs<PaymentWebhook>(paymentWebhook);

const PaymentWebhookPage = cursorPageSchema(PaymentWebhookSchema);

/**
 * Paging of `payment.webhooks.list`. The reference shows no query parameters; the list wrapper's
 * `next_cursor` implies `after`, and `limit` follows the documented page size of 1 to 100.
 */
export interface PaymentWebhookListParams {
  /** Page size, 1 to 100. */
  limit?: number | undefined;
  /** Cursor: start after this webhook id. Iterating sets it for you. */
  after?: string | undefined;
}

/** Checks `payment.webhooks.list` paging. */
export const PaymentWebhookListParamsSchema = closedObject({
  limit: z.optional(pageLimit),
  after: z.optional(z.string()),
});
type _PaymentWebhookListParamsTie = Assert<
  Accepts<typeof PaymentWebhookListParamsSchema, PaymentWebhookListParams>
>;
