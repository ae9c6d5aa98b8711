import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { PagePromise } from '../../core/pagination.js';
import type { Source } from './pool.js';
import { cursorPageSchema } from '../../core/pagination.js';
import { path } from '../../internal/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../internal/resource.js';
import { withCallSite } from '../../internal/call-site.js';
import {
  type CreateManyItem,
  type CreateManyIterator,
  type CreateManyOptions,
  createMany,
} from './create-many.js';
import { type Accepts, type Assert, inputDateTime, parseInput, closedObject } from '../../internal/schema.js';
import { type MessageStatus, messageStatusParam, type Route, routeParam } from './fields.js';
import {
  type Message,
  type MessageCreateParams,
  MessageCreateParamsSchema,
  MessageSchema,
} from './models.js';
import { pageLimit } from '../fields.js';

export type { MessageStatus, Route } from './fields.js';

/** SMS messages: send one, look one up, list them. */
export class Messages extends APIResource {
  protected readonly area = 'sms';

  /**
   * Sends one message (POST /sms/messages). Retries reuse one `Idempotency-Key`, so it never sends twice.
   *
   * @example await client.sms.messages.create({ to: '+447700900123', message: 'Your code is 123456', route: 'otp' })
   */
  create(body: MessageCreateParams, opts?: RequestOptions): APIPromise<Message> {
    return this._request(
      'POST',
      () => ({
        path: 'sms/messages',
        body: parseInput(MessageCreateParamsSchema, body, 'MessageCreateParams'),
      }),
      MessageSchema,
      opts,
    );
  }

  /**
   * Sends one message per item of an array, iterable or stream, `concurrency` at a time; results come
   * out as they complete. Item `i` uses its own `idempotencyKey`, else `${idempotencyKey}:${i}`.
   * See docs/sending-at-scale.md.
   *
   * @example
   * for await (const r of client.sms.messages.createMany(orders.map(toSms), { concurrency: 16 }))
   *   if (!r.ok) console.error(r.index, r.error)
   */
  createMany(items: Source<CreateManyItem>, opts?: CreateManyOptions): CreateManyIterator {
    // Every item's error names the frame that called createMany (internal/call-site.ts).
    return createMany(this, items, withCallSite(opts, new Error()));
  }

  /**
   * Lists messages, newest pages fetched as you iterate (GET /sms/messages).
   *
   * @example for await (const m of client.sms.messages.list({ status: 'failed' })) console.log(m.id, m.error_code)
   */
  list(query: MessageListParams = {}, opts?: RequestOptions): PagePromise<Message> {
    return this._list(
      () => ({
        path: 'sms/messages',
        query: parseInput(MessageListParamsSchema, query, 'MessageListParams'),
      }),
      MessagePage,
      opts,
    );
  }

  /**
   * Gets one message with its delivery status and timeline (GET /sms/messages/{message_id}).
   *
   * @example const { status, delivered_at } = await client.sms.messages.retrieve('msg_123')
   */
  retrieve(messageId: string, opts?: RequestOptions): APIPromise<Message> {
    return this._request('GET', () => ({ path: path`sms/messages/${{ messageId }}` }), MessageSchema, opts);
  }
}

const MessagePage = cursorPageSchema(MessageSchema);

/** Filters and paging of `messages.list`. */
export interface MessageListParams {
  /** Page size, 1 to 100; the service uses 20 when absent. */
  limit?: number | undefined;
  /** Cursor: start after this message id. Iterating sets it for you. */
  after?: string | undefined;
  /** Only messages with this status. */
  status?: MessageStatus | undefined;
  /** Only messages sent on this route. */
  route?: Route | undefined;
  /** Only messages created after this time: a `Date` or an ISO 8601 string with a time zone. */
  from_date?: string | Date | undefined;
  /** Only messages created before this time: a `Date` or an ISO 8601 string with a time zone. */
  to_date?: string | Date | undefined;
}

// Strict: an unknown filter would be sent and silently ignored, so it is refused instead.
/** Checks `messages.list` filters. */
export const MessageListParamsSchema = closedObject({
  limit: z.optional(pageLimit),
  after: z.optional(z.string()),
  status: z.optional(messageStatusParam),
  route: z.optional(routeParam),
  from_date: z.optional(inputDateTime()),
  to_date: z.optional(inputDateTime()),
});
type _MessageListParamsTie = Assert<Accepts<typeof MessageListParamsSchema, MessageListParams>>;
