import { describe, expectTypeOf, it } from 'vitest';
import {
  Webhooks,
  type WebhookVerificationError,
  type UnknownWebhookEvent,
  type WebhookCustomer,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookMessage,
  type WebhookRawBody,
  type WebhookVerificationReason,
} from 'gateway-sdk/webhooks';
import type { Customer, Message, MessageStatus, Route } from 'gateway-sdk';

declare const event: WebhookEvent;

describe('Webhooks', () => {
  it('has the contract signatures', () => {
    expectTypeOf(Webhooks.verify).parameters.toEqualTypeOf<
      [WebhookRawBody, string | string[] | null | undefined, string | string[]]
    >();
    expectTypeOf(Webhooks.verify).returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf(Webhooks.constructEvent).returns.toEqualTypeOf<Promise<WebhookEvent>>();
    expectTypeOf(Webhooks.sign).parameters.toEqualTypeOf<[WebhookRawBody, string]>();
    expectTypeOf(Webhooks.sign).returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf(Webhooks.SIGNATURE_HEADER).toEqualTypeOf<'x-service-signature'>();
  });

  it('takes every raw body a framework hands out, and no parsed object', () => {
    expectTypeOf<string>().toExtend<WebhookRawBody>();
    expectTypeOf<Uint8Array>().toExtend<WebhookRawBody>();
    expectTypeOf<Buffer>().toExtend<WebhookRawBody>();
    expectTypeOf<ArrayBuffer>().toExtend<WebhookRawBody>();
    expectTypeOf<DataView>().toExtend<WebhookRawBody>();
    expectTypeOf<{ id: string }>().not.toExtend<WebhookRawBody>();
    expectTypeOf<null>().not.toExtend<WebhookRawBody>();
  });

  it('takes a Node header value and a Headers.get() result as the signature', () => {
    expectTypeOf<string | string[] | undefined>().toExtend<Parameters<typeof Webhooks.verify>[1]>();
    expectTypeOf<string | null>().toExtend<Parameters<typeof Webhooks.verify>[1]>();
  });

  it('re-exports the error with its reasons', () => {
    expectTypeOf<WebhookVerificationError['reason']>().toEqualTypeOf<WebhookVerificationReason>();
    expectTypeOf<WebhookVerificationReason>().toEqualTypeOf<
      | 'parsed_body'
      | 'invalid_secret'
      | 'missing_signature'
      | 'malformed_signature'
      | 'signature_mismatch'
      | 'invalid_payload'
    >();
  });
});

describe('WebhookEvent', () => {
  it('narrows to the exact member on a known type, so data.object is typed', () => {
    if (event.type === 'message.delivered') {
      expectTypeOf(event.type).toEqualTypeOf<'message.delivered'>();
      expectTypeOf(event.data.object).toEqualTypeOf<WebhookMessage>();
      expectTypeOf(event.data.object.status).toEqualTypeOf<MessageStatus>();
    }
    if (event.type === 'customer.created') {
      expectTypeOf(event.data.object).toEqualTypeOf<WebhookCustomer>();
      expectTypeOf(event.data.object.email).toEqualTypeOf<string | undefined>();
    }
    if (event.type === 'balance.low')
      expectTypeOf(event.data.object).toEqualTypeOf<Record<string, unknown>>();
  });

  it('narrows in a switch, and leaves the unknown member to default', () => {
    switch (event.type) {
      case 'message.failed':
        expectTypeOf(event.data.object.error_code).toEqualTypeOf<string | null | undefined>();
        break;
      case 'payment_intent.succeeded':
        expectTypeOf(event.data.object).toEqualTypeOf<Record<string, unknown>>();
        break;
      default:
        expectTypeOf<UnknownWebhookEvent>().toExtend<typeof event>();
    }
  });

  it('narrows on !== too', () => {
    const status = (e: WebhookEvent) => (e.type !== 'message.sent' ? undefined : e.data.object.status);
    expectTypeOf(status).returns.toEqualTypeOf<WebhookMessage['status'] | undefined>();
  });

  it('lists every event name of the reference', () => {
    expectTypeOf<WebhookEventType>().toEqualTypeOf<
      | 'message.queued'
      | 'message.sent'
      | 'message.delivered'
      | 'message.failed'
      | 'message.expired'
      | 'balance.low'
      | 'payment_intent.succeeded'
      | 'payment_intent.payment_failed'
      | 'payment_intent.canceled'
      | 'refund.succeeded'
      | 'customer.created'
      | 'payment.succeeded'
      | 'credential.issued'
      | 'credential.verified'
      | 'credential.revoked'
      | 'badge.earned'
    >();
    expectTypeOf<WebhookEventType>().toExtend<WebhookEvent['type']>();
  });

  it('keeps the envelope fields on every member, the unknown one included', () => {
    expectTypeOf(event.id).toEqualTypeOf<string>();
    expectTypeOf(event.created).toEqualTypeOf<number>();
    expectTypeOf(event.api_version).toEqualTypeOf<string>();
    expectTypeOf(event.type).toExtend<string>();
    expectTypeOf<UnknownWebhookEvent['data']['object']>().toEqualTypeOf<Record<string, unknown>>();
  });

  it('catches a misspelt event name, and takes a new one once widened to string', () => {
    // @ts-expect-error: 'message.delivred' is not an event name.
    if (event.type === 'message.delivred') return;
    if ((event.type as string) === 'message.read') expectTypeOf(event.data.object).toExtend<object>();
  });

  it('can be picked out by name with Extract', () => {
    type Delivered = Extract<WebhookEvent, { type: 'message.delivered' }>;
    expectTypeOf<Delivered['data']['object']>().toEqualTypeOf<WebhookMessage>();
  });
});

describe('WebhookMessage and WebhookCustomer', () => {
  it('follow the reference field tables: required, optional and nullable fields', () => {
    expectTypeOf<WebhookMessage>().toExtend<{
      id: string;
      to: string;
      from: string;
      body: string;
      created_at: string;
      route?: string;
      segments?: number;
      cost?: number;
      scheduled_at?: string | null;
      sent_at?: string | null;
      delivered_at?: string | null;
      error_code?: string | null;
    }>();
    expectTypeOf<WebhookMessage['route']>().toEqualTypeOf<Route | undefined>();
    expectTypeOf<WebhookMessage['scheduled_at']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<WebhookCustomer['default_payment_method']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<WebhookCustomer['metadata']>().toEqualTypeOf<Record<string, unknown> | undefined>();
  });

  it('are the resource types themselves, not copies that can drift', () => {
    expectTypeOf<WebhookMessage>().toEqualTypeOf<Message>();
    expectTypeOf<WebhookCustomer>().toEqualTypeOf<Customer>();
  });

  it('are closed; fields the service adds later are reached with `in`', () => {
    const message = {} as WebhookMessage;
    // @ts-expect-error: not a Message field (it is delivered_at).
    void message.deliveredAt;
    if ('carrier' in message) expectTypeOf(message.carrier).toEqualTypeOf<unknown>();
  });

  it('do not make a required field optional', () => {
    expectTypeOf<{ id: string }>().not.toExtend<WebhookMessage>();
    expectTypeOf<{ email: string }>().not.toExtend<WebhookCustomer>();
  });
});
