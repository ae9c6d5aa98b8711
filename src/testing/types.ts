// The records the mock keeps, shaped as the API reference's resource tables. They are written out
// here rather than imported from the SDK: the mock is an independent implementation, so a mistake
// in the SDK's schemas cannot hide behind the same mistake in the mock.

/** A message status the reference names. */
export type MockMessageStatus = 'queued' | 'sent' | 'delivered' | 'failed' | 'expired';
/** A route the reference names. */
export type MockRoute = 'otp' | 'transactional' | 'promotional';

/** A Message as the mock stores and returns it: every field of the reference's table, always present. */
export interface MockMessage {
  id: string;
  to: string;
  from: string;
  body: string;
  status: MockMessageStatus;
  created_at: string;
  route: MockRoute;
  segments: number;
  cost: number;
  scheduled_at: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  error_code: string | null;
}

/** A Bulk job as the mock stores and returns it. */
export interface MockBulkJob {
  id: string;
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  estimated_cost: number;
  created_at: string;
  completed_at: string | null;
}

/** A template: its id and its text with `{{variable}}` placeholders. */
export interface MockTemplate {
  id: string;
  body: string;
}

/** Retry settings of an SMS webhook. */
export interface MockRetryConfig {
  max_attempts: number;
  backoff_seconds: number;
}

/** An SMS webhook as the mock stores and returns it. */
export interface MockSmsWebhook {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  secret: string;
  retry_config: MockRetryConfig;
  last_triggered_at: string | null;
  failure_count: number;
  created_at: string;
}

/** A payment webhook (list item) as the mock stores and returns it. */
export interface MockPaymentWebhook {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  created_at: string;
}

/** A Customer as the mock stores and returns it. */
export interface MockCustomer {
  id: string;
  email: string;
  name: string;
  phone: string;
  metadata: Record<string, unknown>;
  default_payment_method: string | null;
  created_at: string;
}

/** A permission granted by a role. */
export interface MockPermission {
  id: string;
  name: string;
  description: string;
  resource: string;
  action: string;
}

/** A role in an organization. */
export interface MockRole {
  id: string;
  name: string;
  description: string;
  permissions: MockPermission[];
}

/** An Organization member (the reference spells these fields in camelCase). */
export interface MockOrganizationMember {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: MockRole[];
  joinedAt: string;
}
