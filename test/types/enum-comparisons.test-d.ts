// Every enum field of a response, compared with a literal it does not list, is a compile error
// (TS2367 for `===` / `!==`, TS2678 for `case`), while the listed values, a `default:` branch and a
// widened comparison still compile. Each `@ts-expect-error` below fails the check if its line ever
// compiles again; vitest runs this file on TypeScript 5.9, `npm run types:check` on both (TypeScript 7 included),
// and scripts/package/published-types.mjs on both against the packed declarations.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BulkJob,
  BulkJobStatus,
  Message,
  MessageStatus,
  Route,
  SmsWebhook,
  SmsWebhookEventName,
  UnknownEnumValue,
} from 'gateway-sdk';
import type { WebhookEvent, WebhookMessage } from 'gateway-sdk/webhooks';
import type { MockMessage } from 'gateway-sdk/testing';

declare const message: Message;
declare const job: BulkJob;
declare const hook: SmsWebhook;
declare const event: WebhookEvent;
declare const delivered: WebhookMessage;
declare const mocked: MockMessage;
declare const other: MessageStatus;
declare const unknown: UnknownEnumValue<'MessageStatus'>;
declare const text: string;
declare function handle(value: string): void;

describe('Message["status"]', () => {
  it('rejects a literal it does not list in ===, !== and case', () => {
    // @ts-expect-error: TS2367, 'deliverd' is not a MessageStatus.
    if (message.status === 'deliverd') handle(message.status);
    // @ts-expect-error: TS2367, 'Delivered' is not a MessageStatus (the values are lower case).
    if (message.status !== 'Delivered') handle(message.status);
    switch (message.status) {
      // @ts-expect-error: TS2678, 'deliverd' is not a MessageStatus.
      case 'deliverd':
        break;
      case 'delivered':
        break;
    }
  });

  it('takes every listed value, and leaves a value the SDK does not list to default:', () => {
    switch (message.status) {
      case 'queued':
      case 'sent':
      case 'delivered':
      case 'failed':
      case 'expired':
        expectTypeOf(message.status).toEqualTypeOf<'queued' | 'sent' | 'delivered' | 'failed' | 'expired'>();
        break;
      default:
        // A status added after this SDK version arrives here, as the string the service sent.
        expectTypeOf(message.status).toEqualTypeOf<UnknownEnumValue<'MessageStatus'>>();
        expectTypeOf(message.status).toExtend<string>();
        handle(message.status);
    }
  });

  it('compares with a value the SDK does not list once widened, or with another status', () => {
    if ((message.status as string) === 'read') handle(message.status);
    if (message.status === other) handle(other);
    if (message.status === unknown) handle(unknown);
    if (message.status === text) handle(text);
  });
});

describe('Message["route"]', () => {
  it('rejects a literal it does not list in ===, !== and case', () => {
    // @ts-expect-error: TS2367, 'otpp' is not a Route.
    if (message.route === 'otpp') handle('otp');
    // @ts-expect-error: TS2367, 'transactionnal' is not a Route.
    if (message.route !== 'transactionnal') handle('transactional');
    switch (message.route) {
      // @ts-expect-error: TS2678, 'promo' is not a Route.
      case 'promo':
        break;
      case 'promotional':
      case undefined:
        break;
      default:
        expectTypeOf(message.route).toEqualTypeOf<'otp' | 'transactional' | UnknownEnumValue<'Route'>>();
    }
  });
});

describe('BulkJob["status"]', () => {
  it('rejects a literal it does not list in ===, !== and case', () => {
    // @ts-expect-error: TS2367, 'complted' is not a BulkJobStatus.
    if (job.status === 'complted') handle(job.status);
    // @ts-expect-error: TS2367, 'canceled' is not a BulkJobStatus (the reference spells it cancelled).
    if (job.status !== 'canceled') handle(job.status);
    switch (job.status) {
      // @ts-expect-error: TS2678, 'queued' is a message status, not a bulk job status.
      case 'queued':
        break;
      case 'processing':
      case 'completed':
      case 'failed':
      case 'cancelled':
        break;
      default:
        expectTypeOf(job.status).toEqualTypeOf<UnknownEnumValue<'BulkJobStatus'>>();
    }
    expectTypeOf(job.status).toEqualTypeOf<BulkJobStatus>();
  });
});

describe('SmsWebhook["events"]', () => {
  it('rejects a literal it does not list in ===, !== and case', () => {
    const [first] = hook.events;
    // @ts-expect-error: TS2367, 'message.delivred' is not an SmsWebhookEventName.
    if (first === 'message.delivred') handle(first);
    // @ts-expect-error: TS2367, 'balance.low' is an event, but not one an SMS webhook subscribes to.
    if (hook.events.some((name) => name !== 'balance.low')) handle('some');
    for (const name of hook.events) {
      switch (name) {
        // @ts-expect-error: TS2678, 'delivered' is a status; the event is 'message.delivered'.
        case 'delivered':
          break;
        case 'message.delivered':
          break;
        default:
          expectTypeOf(name).toExtend<SmsWebhookEventName>();
      }
    }
  });
});

describe('WebhookEvent["type"] and the Message an event carries', () => {
  it('rejects a literal it does not list in ===, !== and case', () => {
    // @ts-expect-error: TS2367, 'message.delivred' is not an event name.
    if (event.type !== 'message.delivred') handle(event.type);
    switch (event.type) {
      // @ts-expect-error: TS2678, 'payment_intent.cancelled' is spelt 'payment_intent.canceled'.
      case 'payment_intent.cancelled':
        break;
      case 'message.delivered':
        // @ts-expect-error: TS2367, the Message in an event has the same closed comparisons.
        if (event.data.object.status === 'deliverd') handle(event.data.object.status);
        break;
    }
    // @ts-expect-error: TS2367, WebhookMessage is Message.
    if (delivered.status === 'sended') handle(delivered.status);
    // @ts-expect-error: TS2367, the mock's own Message type is closed too.
    if (mocked.status === 'deliverd') handle(mocked.status);
  });
});

describe('what stays as it was', () => {
  it('passes enum values read from a response back as params without a cast', () => {
    expectTypeOf(message.status).toExtend<MessageStatus>();
    expectTypeOf(message.route).toExtend<Route | undefined>();
    expectTypeOf(hook.events).toExtend<SmsWebhookEventName[]>();
    // A plain string is still not an enum value: it must be checked (or cast) first.
    expectTypeOf<string>().not.toExtend<MessageStatus>();
    // One enum's unknown values are not another's.
    expectTypeOf<UnknownEnumValue<'BulkJobStatus'>>().not.toExtend<MessageStatus>();
  });
});
