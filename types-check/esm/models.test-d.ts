// The resource and Params types: open enums that round-trip, date-times as `Date` or string going
// out and strings coming back, wire field names as the API spells them, closed named interfaces.
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
  SmsWebhookRetryConfig,
  UnknownEnumValue,
} from 'gateway-sdk';

/** The listed values of an open enum, without its `UnknownEnumValue` member. */
type Known<T> = T extends { readonly __unknownEnumValue: string } ? never : T;

describe('open enums', () => {
  it('MessageStatus lists the known statuses plus one branded member for values added later', () => {
    expectTypeOf<'queued'>().toExtend<MessageStatus>();
    expectTypeOf<'delivered'>().toExtend<MessageStatus>();
    expectTypeOf<UnknownEnumValue<'MessageStatus'>>().toExtend<MessageStatus>();
    // A plain string (and with it a misspelt literal) is not a MessageStatus: the brand sees to that.
    expectTypeOf<string>().not.toExtend<MessageStatus>();
    expectTypeOf<'deliverd'>().not.toExtend<MessageStatus>();
    expectTypeOf<Known<MessageStatus>>().toEqualTypeOf<
      'queued' | 'sent' | 'delivered' | 'failed' | 'expired'
    >();
    expectTypeOf<MessageStatus>().toExtend<string>();
    expectTypeOf<Message['status']>().toEqualTypeOf<MessageStatus>();
  });

  it('Route, BulkJobStatus and SmsWebhookEventName stay open the same way', () => {
    expectTypeOf<Known<Route>>().toEqualTypeOf<'otp' | 'transactional' | 'promotional'>();
    expectTypeOf<string>().not.toExtend<Route>();
    expectTypeOf<Known<BulkJobStatus>>().toEqualTypeOf<'processing' | 'completed' | 'failed' | 'cancelled'>();
    expectTypeOf<UnknownEnumValue<'BulkJobStatus'>>().toExtend<BulkJobStatus>();
    expectTypeOf<BulkJob['status']>().toEqualTypeOf<BulkJobStatus>();
    expectTypeOf<Known<SmsWebhookEventName>>().toEqualTypeOf<
      'message.queued' | 'message.sent' | 'message.delivered' | 'message.failed' | 'message.expired'
    >();
    expectTypeOf<SmsWebhook['events']>().toEqualTypeOf<SmsWebhookEventName[]>();
    // One enum's unknown values are not another's.
    expectTypeOf<UnknownEnumValue<'Route'>>().not.toExtend<MessageStatus>();
  });

  it('requests take the same exported names, so response values go back without a cast', () => {
    expectTypeOf<MessageListParams['status']>().toEqualTypeOf<MessageStatus | undefined>();
    expectTypeOf<MessageListParams['route']>().toEqualTypeOf<Route | undefined>();
    expectTypeOf<MessageCreateParams['route']>().toEqualTypeOf<Route | undefined>();
    expectTypeOf<BulkCreateParams['route']>().toEqualTypeOf<Exclude<Route, 'otp'> | undefined>();
    expectTypeOf<SmsWebhookCreateParams['events']>().toEqualTypeOf<SmsWebhookEventName[]>();
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
      reference_id?: string | undefined;
      callback_url?: string | undefined;
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

  it('are closed: no index signature, so a misspelt field is a compile error', () => {
    expectTypeOf<keyof Message>().toEqualTypeOf<
      | 'id'
      | 'to'
      | 'from'
      | 'body'
      | 'status'
      | 'created_at'
      | 'route'
      | 'segments'
      | 'cost'
      | 'scheduled_at'
      | 'sent_at'
      | 'delivered_at'
      | 'error_code'
    >();
    expectTypeOf<keyof BulkJob>().not.toEqualTypeOf<string>();
    expectTypeOf<keyof Customer>().not.toEqualTypeOf<string>();
    expectTypeOf<keyof SmsWebhook>().not.toEqualTypeOf<string>();
    expectTypeOf<keyof OrganizationMember>().not.toEqualTypeOf<string>();
    expectTypeOf<keyof Role>().not.toEqualTypeOf<string>();
    expectTypeOf<keyof Permission>().not.toEqualTypeOf<string>();
  });

  it('reach fields the service adds later with `in`, typed unknown', () => {
    const message = {} as Message;
    if ('carrier' in message) expectTypeOf(message.carrier).toEqualTypeOf<unknown>();
  });

  it('match the reference tables exactly (the literal and the interface are checked both ways)', () => {
    expectTypeOf<Message>().toEqualTypeOf<{
      id: string;
      to: string;
      from: string;
      body: string;
      status: MessageStatus;
      created_at: string;
      route?: Route;
      segments?: number;
      cost?: number;
      scheduled_at?: string | null;
      sent_at?: string | null;
      delivered_at?: string | null;
      error_code?: string | null;
    }>();
    expectTypeOf<BulkJob>().toEqualTypeOf<{
      id: string;
      status: BulkJobStatus;
      total: number;
      queued: number;
      sent?: number;
      delivered?: number;
      failed?: number;
      estimated_cost?: number;
      created_at?: string;
      completed_at?: string | null;
    }>();
    expectTypeOf<SmsWebhook>().toEqualTypeOf<{
      id: string;
      url: string;
      events: SmsWebhookEventName[];
      enabled: boolean;
      secret?: string;
      retry_config?: SmsWebhookRetryConfig;
      last_triggered_at?: string | null;
      failure_count?: number;
      created_at?: string;
    }>();
    expectTypeOf<Customer>().toEqualTypeOf<{
      id: string;
      email?: string;
      name?: string;
      phone?: string;
      metadata?: Record<string, unknown>;
      default_payment_method?: string | null;
      created_at?: string;
    }>();
  });

  it('type the webhook create fields the reference names as possible', () => {
    expectTypeOf<SmsWebhookCreateParams['enabled']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SmsWebhookRetryConfig>().toEqualTypeOf<{
      max_attempts?: number | undefined;
      backoff_seconds?: number | undefined;
    }>();
    expectTypeOf<{
      url: string;
      events: [];
      enabled: true;
      retry_config: { max_attempts: 3 };
    }>().toExtend<SmsWebhookCreateParams>();
    // @ts-expect-error: a field the reference does not name needs a deliberate cast.
    const note: SmsWebhookCreateParams = { url: 'https://example.com/h', events: [], note: 'x' };
    void note;
  });
});
