import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { PagePromise } from '../../core/pagination.js';
import type { Source } from '../../core/pool.js';
import { cursorPageSchema } from '../../core/pagination.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import {
  type CreateManyItem,
  type CreateManyIterator,
  type CreateManyOptions,
  createMany,
} from './create-many.js';
import { inputDateTime, maxChars, oneOf, parseInput, wireDateTime } from '../../core/schema.js';
import type { ROUTES } from './fields.js';
import {
  MESSAGE_STATUSES,
  httpsUrl,
  messageStatus,
  messageText,
  nullableString,
  pageLimit,
  phone,
  route,
  routeParam,
  scheduleAt,
  senderId,
} from './fields.js';

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
      () => ({ path: 'sms/messages', body: parseInput(MessageCreateParams, body, 'MessageCreateParams') }),
      Message,
      opts,
    );
  }

  /**
   * Sends one message per item of an array, iterable or stream, `concurrency` at a time; results come
   * out as they complete. Item `i` uses its own `idempotencyKey`, else `${idempotencyKey}:${i}`.
   * See docs/sending-at-scale.md.
   *
   * @example for await (const r of client.sms.messages.createMany(orders.map(toSms), { concurrency: 16 })) if (!r.ok) console.error(r.index, r.error)
   */
  createMany(items: Source<CreateManyItem>, opts?: CreateManyOptions): CreateManyIterator {
    return createMany(this, items, opts);
  }

  /**
   * Lists messages, newest pages fetched as you iterate (GET /sms/messages).
   *
   * @example for await (const m of client.sms.messages.list({ status: 'failed' })) console.log(m.id, m.error_code)
   */
  list(query: MessageListParams = {}, opts?: RequestOptions): PagePromise<Message> {
    return this._list(
      () => ({ path: 'sms/messages', query: parseInput(MessageListParams, query, 'MessageListParams') }),
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
    return this._request('GET', () => ({ path: path`sms/messages/${{ messageId }}` }), Message, opts);
  }
}

/** A message's delivery status. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number] | (string & {});
/** The route a message travels: `otp` (under 5 s), `transactional` (30 s) or `promotional` (2 min). */
export type Route = (typeof ROUTES)[number] | (string & {});

/** An SMS message as the service returns it. */
export const Message = z.looseObject({
  /** Unique message identifier. */
  id: z.string(),
  /** Recipient number in international format, without `+`. */
  to: z.string(),
  /** Sender ID, alphanumeric or numeric. */
  from: z.string(),
  /** Message content (sent as `message` on create). */
  body: z.string(),
  /** Delivery status: `queued`, `sent`, `delivered`, `failed`, `expired`, or a value added later. */
  status: messageStatus,
  /** Creation time, ISO 8601. */
  created_at: wireDateTime(),
  /** The route used. */
  route: z.optional(route),
  /** Number of SMS segments (160 characters each). */
  segments: z.optional(z.number()),
  /** Cost in the account currency. */
  cost: z.optional(z.number()),
  /** Scheduled delivery time (ISO 8601), or null when sent at once. */
  scheduled_at: nullableString(),
  /** When the message was handed to the carrier, or null. */
  sent_at: nullableString(),
  /** When the message was delivered, or null. */
  delivered_at: nullableString(),
  /** Why delivery failed (e.g. `number_unreachable`), or null. */
  error_code: nullableString(),
});
/**
 * An SMS message as the service returns it.
 *
 * @interface
 */
export type Message = z.output<typeof Message>;

const MessagePage = cursorPageSchema(Message);

/** Body of `messages.create`. Date-times accept a `Date` or an ISO 8601 string. */
export const MessageCreateParams = z.looseObject({
  /** Recipient: 8 to 15 digits in international format, such as `447700900123`; a leading `+` is stripped. */
  to: phone,
  /** Message content: 1 to 1000 characters (Unicode code points). */
  message: messageText,
  /** Registered and approved sender ID, at most 11 characters; the service uses the account's default sender when absent. */
  from: z.optional(senderId),
  /** When to send: a `Date` or an ISO 8601 string with a time zone, at most 7 days ahead; null or absent sends at once. */
  schedule_at: z.optional(z.nullable(scheduleAt)),
  /** `otp`, `transactional` or `promotional`; the service uses `transactional` when absent. */
  route: z.optional(routeParam),
  /** Your own tracking id, at most 100 characters; not returned on the Message. */
  reference_id: z.optional(maxChars(100)),
  /** An `https://` URL that receives this message's events instead of the account webhook. */
  callback_url: z.optional(httpsUrl),
});
/**
 * Body of `messages.create`.
 *
 * @interface
 */
export type MessageCreateParams = z.input<typeof MessageCreateParams>;

/** Filters and paging of `messages.list`. */
// Strict: an unknown filter would be sent and silently ignored, so it is refused instead.
export const MessageListParams = z.strictObject({
  /** Page size, 1 to 100; the service uses 20 when absent. */
  limit: z.optional(pageLimit),
  /** Cursor: start after this message id. Iterating sets it for you. */
  after: z.optional(z.string()),
  /** Only messages with this status. */
  status: z.optional(oneOf(MESSAGE_STATUSES)),
  /** Only messages sent on this route. */
  route: z.optional(routeParam),
  /** Only messages created after this time: a `Date` or an ISO 8601 string with a time zone. */
  from_date: z.optional(inputDateTime()),
  /** Only messages created before this time: a `Date` or an ISO 8601 string with a time zone. */
  to_date: z.optional(inputDateTime()),
});
/**
 * Filters and paging of `messages.list`.
 *
 * @interface
 */
export type MessageListParams = z.input<typeof MessageListParams>;
