import type { APIPromise } from '../../core/api-promise.js';
import type { PagePromise } from '../../core/pagination.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { Message, MessageCreateParams, MessageListParams } from '../models/sms.js';

export type { MessageStatus, Route, MessageListParams } from '../models/sms.js';

/** SMS messages: send one, look one up, list them. */
export class Messages extends APIResource {
  /**
   * Sends one message (POST /sms/messages). Retries reuse one `Idempotency-Key`, so it never sends twice.
   *
   * @example await client.sms.messages.create({ to: '+447700900123', message: 'Your code is 123456', route: 'otp' })
   */
  create(body: MessageCreateParams, opts?: RequestOptions): APIPromise<Message> {
    return this._request('sms.messages.create', { body }, opts);
  }

  /**
   * Lists messages, newest pages fetched as you iterate (GET /sms/messages).
   *
   * @example for await (const m of client.sms.messages.list({ status: 'failed' })) console.log(m.id, m.error_code)
   */
  list(query: MessageListParams = {}, opts?: RequestOptions): PagePromise<Message> {
    return this._list('sms.messages.list', { query }, opts);
  }

  /**
   * Gets one message with its delivery status and timeline (GET /sms/messages/{message_id}).
   *
   * @example const { status, delivered_at } = await client.sms.messages.retrieve('msg_123')
   */
  retrieve(messageId: string, opts?: RequestOptions): APIPromise<Message> {
    return this._request('sms.messages.retrieve', { path: [{ messageId }] }, opts);
  }
}
