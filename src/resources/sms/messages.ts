import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import type { PagePromise } from '../../core/pagination.js';
import { cursorPageSchema } from '../../core/pagination.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
import { inputDateTime, maxChars, oneOf, parseInput, wireDateTime } from '../../core/schema.js';
import type {
  ROUTES} from './fields.js';
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
    return this._request('POST', () => ({ path: 'sms/messages', body: parseInput(MessageCreateParams, body, 'MessageCreateParams') }), Message, opts);
  }

  /**
   * Lists messages, newest pages fetched as you iterate (GET /sms/messages).
   *
   * @example for await (const m of client.sms.messages.list({ status: 'failed' })) console.log(m.id, m.error_code)
   */
  list(query: MessageListParams = {}, opts?: RequestOptions): PagePromise<Message> {
    return this._list(() => ({ path: 'sms/messages', query: parseInput(MessageListParams, query, 'MessageListParams') }), MessagePage, opts);
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
/** An SMS message as the service returns it. */
export type Message = z.output<typeof Message>;

const MessagePage = cursorPageSchema(Message);

/** Body of `messages.create`. Date-times accept a `Date` or an ISO 8601 string. */
export const MessageCreateParams = z.looseObject({
  to: phone,
  message: messageText,
  from: z.optional(senderId),
  schedule_at: z.optional(z.nullable(scheduleAt)),
  route: z.optional(routeParam),
  reference_id: z.optional(maxChars(100)),
  callback_url: z.optional(httpsUrl),
});
/** Body of `messages.create`. */
export type MessageCreateParams = z.input<typeof MessageCreateParams>;

/** Filters and paging of `messages.list`. */
// Strict: an unknown filter would be sent and silently ignored, so it is refused instead.
export const MessageListParams = z.strictObject({
  limit: z.optional(pageLimit),
  after: z.optional(z.string()),
  status: z.optional(oneOf(MESSAGE_STATUSES)),
  route: z.optional(routeParam),
  from_date: z.optional(inputDateTime()),
  to_date: z.optional(inputDateTime()),
});
/** Filters and paging of `messages.list`. */
export type MessageListParams = z.input<typeof MessageListParams>;
