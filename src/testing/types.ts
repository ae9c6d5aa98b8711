// The records the mock keeps, shaped as the API reference's resource tables. They are written out
// here rather than imported from the SDK: the mock is an independent implementation, so a mistake
// in the SDK's schemas cannot hide behind the same mistake in the mock.

/** A message status the reference names. */
export type MockMessageStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'expired';
/** A route the reference names. */
export type MockRoute = 'otp' | 'transactional' | 'promotional';

/** A Message as the mock stores and returns it: every field of the reference's table, always present. */
export interface MockMessage {
  /** `msg_` and an 8-digit counter, in creation order. */
  id: string;
  /** Recipient number, digits only. */
  to: string;
  /** Sender ID; `GATEWAY` unless the request named one. */
  from: string;
  /** Message content (the request's `message`). */
  body: string;
  /** Delivery status; moves only by `store.setMessageStatus` or `autoAdvance`. */
  status: MockMessageStatus;
  /** Creation time, ISO 8601 in UTC. */
  created_at: string;
  /** The route used; `transactional` unless the request named one (bulk: `promotional`). */
  route: MockRoute;
  /** One per started 160 code points. */
  segments: number;
  /** `segments` × `PRICE_PER_SEGMENT`, rounded to 4 decimals. */
  cost: number;
  /** Scheduled delivery time, or null. */
  scheduled_at: string | null;
  /** When the message was handed to the carrier, or null. */
  sent_at: string | null;
  /** When the message was delivered, or null. */
  delivered_at: string | null;
  /** Why delivery failed (e.g. `number_unreachable`), or null. */
  error_code: string | null;
}

/** A Bulk job as the mock stores and returns it. */
export interface MockBulkJob {
  /** `bulk_` and a counter. */
  id: string;
  /** `processing` when created: the mock never moves a job on. */
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  /** Number of recipients. */
  total: number;
  /** Messages queued: every recipient when created. */
  queued: number;
  /** Messages sent: 0 when created. */
  sent: number;
  /** Messages delivered: 0 when created. */
  delivered: number;
  /** Failed deliveries: 0 when created. */
  failed: number;
  /** The sum of the messages' costs. */
  estimated_cost: number;
  /** Creation time, ISO 8601 in UTC. */
  created_at: string;
  /** Completion time, or null (null when created). */
  completed_at: string | null;
}

/** A template: its id and its text with `{{variable}}` placeholders. */
export interface MockTemplate {
  /** Template id, as used in the path. */
  id: string;
  /** Text with `{{name}}` placeholders. */
  body: string;
}

/** Retry settings of an SMS webhook. */
export interface MockRetryConfig {
  /** Most delivery attempts. */
  max_attempts: number;
  /** Seconds between attempts. */
  backoff_seconds: number;
}

/** An SMS webhook as the mock stores and returns it. */
export interface MockSmsWebhook {
  /** `wh_` and a counter (the seeded one is `wh_123`). */
  id: string;
  /** Callback URL, HTTPS. */
  url: string;
  /** Subscribed `message.*` events. */
  events: string[];
  /** Whether the webhook is active. */
  enabled: boolean;
  /** Signing secret: `whsec_` and 48 hex digits. */
  secret: string;
  /** Retry settings; missing fields default to 7 attempts, 60 seconds. */
  retry_config: MockRetryConfig;
  /** Time of the last successful delivery (a 2xx or 3xx answer), or null before the first. */
  last_triggered_at: string | null;
  /** Consecutive failed delivery attempts; a successful delivery resets it to 0. */
  failure_count: number;
  /** Creation time, ISO 8601 in UTC. */
  created_at: string;
}

/** A payment webhook (list item) as the mock stores and returns it. */
export interface MockPaymentWebhook {
  /** `we_` and an 8-digit counter. */
  id: string;
  /** Callback URL. */
  url: string;
  /** Event names, such as `payment.succeeded`. */
  events: string[];
  /** Free text. */
  description: string;
  /** Whether the webhook is active. */
  enabled: boolean;
  /** Creation time, ISO 8601 in UTC. */
  created_at: string;
}

/** A Customer as the mock stores and returns it. */
export interface MockCustomer {
  /** Customer id, such as `cus_123`. */
  id: string;
  /** Email address. */
  email: string;
  /** Full name. */
  name: string;
  /** Phone number. */
  phone: string;
  /** Free-form key-value map. */
  metadata: Record<string, unknown>;
  /** Default payment method id, or null. */
  default_payment_method: string | null;
  /** Creation time, ISO 8601 in UTC. */
  created_at: string;
}

/** A permission granted by a role. */
export interface MockPermission {
  /** Permission id. */
  id: string;
  /** Permission name. */
  name: string;
  /** What it allows. */
  description: string;
  /** The resource it applies to. */
  resource: string;
  /** The action it allows. */
  action: string;
}

/** A role in an organization. */
export interface MockRole {
  /** Role id. */
  id: string;
  /** Role name, such as `owner`, `admin` or `member`. */
  name: string;
  /** What the role is for. */
  description: string;
  /** Permissions the role grants. */
  permissions: MockPermission[];
}

/** An Organization member (the reference spells these fields in camelCase). */
export interface MockOrganizationMember {
  /** User id. */
  id: string;
  /** Email address. */
  email: string;
  /** Given name. */
  firstName: string;
  /** Family name. */
  lastName: string;
  /** Roles in the organization. */
  roles: MockRole[];
  /** When the user joined, ISO 8601. */
  joinedAt: string;
}
