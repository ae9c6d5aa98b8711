import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { PagePromise } from '../../core/pagination.js';
import type { Source } from '../../core/pool.js';
import { cursorPageSchema } from '../../core/pagination.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import { withCallSite } from '../../core/call-site.js';
import {
  type CreateManyItem,
  type CreateManyIterator,
  type CreateManyOptions,
  createMany,
} from './create-many.js';
import {
  type Accepts,
  type Assert,
  inputDateTime,
  parseInput,
  type ParsesTo,
  wireDateTime,
  typedAs,
  closedObject,
} from '../../core/schema.js';
import {
  httpsUrl,
  type MessageStatus,
  messageStatus,
  messageStatusParam,
  messageText,
  nullableString,
  phone,
  referenceId,
  type Route,
  route,
  routeParam,
  scheduleAt,
  senderId,
} from './fields.js';
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
    // Every item's error names the frame that called createMany (core/call-site.ts).
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

/**
 * An SMS message as the service returns it. Fields the service adds later are kept on the object
 * at run time without being typed: reach one with `'field' in message` (docs/decisions.md, Types).
 */
export interface Message {
  /** Unique message identifier. */
  id: string;
  /** Recipient number in international format, without `+`. */
  to: string;
  /** Sender ID, alphanumeric or numeric. */
  from: string;
  /** Message content (sent as `message` on create). */
  body: string;
  /** Delivery status: `queued`, `sent`, `delivered`, `failed`, `expired`, or a value added later. */
  status: MessageStatus;
  /** Creation time, ISO 8601. */
  created_at: string;
  /** The route used. */
  route?: Route;
  /** Number of SMS segments (160 characters each). */
  segments?: number;
  /** Cost in the account currency. */
  cost?: number;
  /** Scheduled delivery time (ISO 8601), or null when sent at once. */
  scheduled_at?: string | null;
  /** When the message was handed to the carrier, or null. */
  sent_at?: string | null;
  /** When the message was delivered, or null. */
  delivered_at?: string | null;
  /** Why delivery failed (e.g. `number_unreachable`), or null. */
  error_code?: string | null;
}

const message = z.looseObject({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  body: z.string(),
  status: messageStatus,
  created_at: wireDateTime(),
  route: z.optional(route),
  segments: z.optional(z.number()),
  cost: z.optional(z.number()),
  scheduled_at: nullableString(),
  sent_at: nullableString(),
  delivered_at: nullableString(),
  error_code: nullableString(),
});
// A compile error here means the schema and the interface above no longer name the same fields.
type _MessageTie = Assert<ParsesTo<typeof message, Message>>;
/** Parses a Message; loose, so fields the service adds later are kept. */
export const MessageSchema = typedAs<Message>(message);

const MessagePage = cursorPageSchema(MessageSchema);

/** Body of `messages.create`. Date-times accept a `Date` or an ISO 8601 string. */
export interface MessageCreateParams {
  /** Recipient: 8 to 15 digits in international format, such as `447700900123`; a leading `+` is stripped. */
  to: string;
  /** Message content: 1 to 1000 characters (Unicode code points). */
  message: string;
  /**
   * Registered and approved sender ID, at most 11 characters; the service uses the account's default sender
   * when absent.
   */
  from?: string | undefined;
  /**
   * When to send: a `Date` or an ISO 8601 string with a time zone, at most 7 days ahead; null or absent
   * sends at once.
   */
  schedule_at?: string | Date | null | undefined;
  /** `otp`, `transactional` or `promotional`; the service uses `transactional` when absent. */
  route?: Route | undefined;
  /** Your own tracking id, at most 100 characters; not returned on the Message. */
  reference_id?: string | undefined;
  /** An `https://` URL that receives this message's events instead of the account webhook. */
  callback_url?: string | undefined;
}

/** Checks a `messages.create` body. Closed: the reference's request table is complete. */
export const MessageCreateParamsSchema = closedObject({
  to: phone,
  message: messageText,
  from: z.optional(senderId),
  schedule_at: z.optional(z.nullable(scheduleAt)),
  route: z.optional(routeParam),
  reference_id: z.optional(referenceId),
  callback_url: z.optional(httpsUrl),
});
type _MessageCreateParamsTie = Assert<Accepts<typeof MessageCreateParamsSchema, MessageCreateParams>>;

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
