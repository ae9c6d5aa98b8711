// The resource and Params types: open enums in responses, strict ones in requests, date-times as
// `Date` or string going out and strings coming back, wire field names as the API spells them.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BulkCreateParams,
  BulkJob,
  BulkJobStatus,
  Customer,
  Message,
  MessageCreateParams,
  MessageListParams,
  MessageStatus,
  OrganizationMember,
  Permission,
  Role,
  Route,
  SmsWebhook,
  SmsWebhookCreateParams,
  SmsWebhookEventName,
} from 'gateway-sdk';

type Known<T> = T extends string ? (string extends T ? never : T) : never;

describe('open enums', () => {
  it('MessageStatus takes the known statuses and any string, and keeps the literals for autocomplete', () => {
    expectTypeOf<'queued'>().toExtend<MessageStatus>();
    expectTypeOf<'delivered'>().toExtend<MessageStatus>();
    expectTypeOf<string>().toExtend<MessageStatus>();
    // The literals survive in the union (plain `string` would swallow them, and with them autocomplete).
    expectTypeOf<Known<MessageStatus>>().toEqualTypeOf<
      'queued' | 'sent' | 'delivered' | 'failed' | 'expired'
    >();
    expectTypeOf<MessageStatus>().not.toEqualTypeOf<string>();
    expectTypeOf<Message['status']>().toEqualTypeOf<MessageStatus>();
  });

  it('Route, BulkJobStatus and SmsWebhookEventName stay open the same way', () => {
    expectTypeOf<Known<Route>>().toEqualTypeOf<'otp' | 'transactional' | 'promotional'>();
    expectTypeOf<string>().toExtend<Route>();
    expectTypeOf<Known<BulkJobStatus>>().toEqualTypeOf<'processing' | 'completed' | 'failed' | 'cancelled'>();
    expectTypeOf<string>().toExtend<BulkJobStatus>();
    expectTypeOf<BulkJob['status']>().toEqualTypeOf<BulkJobStatus>();
    expectTypeOf<Known<SmsWebhookEventName>>().toEqualTypeOf<
      'message.queued' | 'message.sent' | 'message.delivered' | 'message.failed' | 'message.expired'
    >();
    expectTypeOf<SmsWebhook['events']>().toEqualTypeOf<SmsWebhookEventName[]>();
  });

  it('requests accept only the known values', () => {
    expectTypeOf<MessageListParams['status']>().toEqualTypeOf<
      'queued' | 'sent' | 'delivered' | 'failed' | 'expired' | undefined
    >();
    expectTypeOf<MessageCreateParams['route']>().toEqualTypeOf<
      'otp' | 'transactional' | 'promotional' | undefined
    >();
    expectTypeOf<BulkCreateParams['route']>().toEqualTypeOf<'transactional' | 'promotional' | undefined>();
    expectTypeOf<SmsWebhookCreateParams['events']>().toEqualTypeOf<Known<SmsWebhookEventName>[]>();
  });
});

describe('date-times', () => {
  it('are a Date or an ISO 8601 string in Params', () => {
    expectTypeOf<MessageCreateParams['schedule_at']>().toEqualTypeOf<string | Date | null | undefined>();
    expectTypeOf<BulkCreateParams['schedule_at']>().toEqualTypeOf<string | Date | null | undefined>();
    expectTypeOf<MessageListParams['from_date']>().toEqualTypeOf<string | Date | undefined>();
    expectTypeOf<MessageListParams['to_date']>().toEqualTypeOf<string | Date | undefined>();
  });

  it('stay the wire strings in responses', () => {
    expectTypeOf<Message['created_at']>().toEqualTypeOf<string>();
    expectTypeOf<Message['scheduled_at']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Message['delivered_at']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<BulkJob['completed_at']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<OrganizationMember['joinedAt']>().toEqualTypeOf<string | undefined>();
  });
});

describe('resources', () => {
  it('keep the wire names and required fields of the reference', () => {
    expectTypeOf<Message>().toExtend<{
      id: string;
      to: string;
      from: string;
      body: string;
      created_at: string;
      error_code?: string | null;
    }>();
    expectTypeOf<MessageCreateParams>().toExtend<{
      to: string;
      message: string;
      reference_id?: string;
      callback_url?: string;
    }>();
    expectTypeOf<BulkJob>().toExtend<{
      id: string;
      total: number;
      queued: number;
      estimated_cost?: number;
    }>();
    expectTypeOf<OrganizationMember>().toExtend<{
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      roles?: Role[];
    }>();
    expectTypeOf<Role>().toExtend<{ id: string; name: string; permissions?: Permission[] }>();
    expectTypeOf<Customer>().toExtend<{
      id: string;
      default_payment_method?: string | null;
      metadata?: Record<string, unknown>;
    }>();
    expectTypeOf<{ id: string }>().not.toExtend<Message>();
  });

  it('keep fields the service adds later', () => {
    expectTypeOf<Message['carrier']>().toEqualTypeOf<unknown>();
    expectTypeOf<Customer['address']>().toEqualTypeOf<unknown>();
  });

  it('pass unknown body fields through, as the service may accept more than the reference shows', () => {
    expectTypeOf<{
      url: string;
      events: [];
      enabled: true;
      retry_config: { max_attempts: 3 };
      note: 'x';
    }>().toExtend<SmsWebhookCreateParams>();
  });
});
