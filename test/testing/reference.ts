// A validator of the API reference (../shared/api-reference.md), written from its tables and
// independent of both the SDK's schemas and the mock's code: what a conforming answer looks like
// for each route, success and error. The conformance test runs a request corpus through the mock
// and checks every answer here.
import * as z from 'zod';
import type { MockRouteKey } from 'gateway-sdk/testing';

// RFC 3339 date-time (what the mock answers with: ISO 8601 in UTC).
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
const nullableDateTime = dateTime.nullable();

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'expired'] as const;
export const ROUTES = ['otp', 'transactional', 'promotional'] as const;
export const SMS_EVENTS = [
  'message.queued',
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.expired',
] as const;

/** Message table, with its notes: required fields, enums, segments >= 1, cost >= 0. */
export const message = z
  .object({
    id: z.string().min(1),
    to: z.string().regex(/^[1-9][0-9]{7,14}$/),
    from: z.string().min(1).max(11),
    body: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    created_at: dateTime,
    route: z.enum(ROUTES).optional(),
    segments: z.number().int().min(1).optional(),
    cost: z.number().min(0).optional(),
    scheduled_at: nullableDateTime.optional(),
    sent_at: nullableDateTime.optional(),
    delivered_at: nullableDateTime.optional(),
    error_code: z.string().nullable().optional(),
  })
  // Note 3: reference_id and callback_url are not part of the returned Message.
  .refine((m) => !('reference_id' in m) && !('callback_url' in m), 'request-only fields in a Message');

/** Note 2: a freshly accepted message. */
export const acceptedMessage = message.refine(
  (m) => m.status === 'queued' && m.sent_at === null && m.delivered_at === null && m.error_code === null,
  'a fresh message is queued with sent_at, delivered_at and error_code null',
);

export const messagePage = z
  .object({ data: z.array(message), has_more: z.boolean(), next_cursor: z.string().nullable() })
  .refine((p) => p.has_more === (p.next_cursor !== null), 'next_cursor is set exactly when has_more');

export const bulkJob = z
  .object({
    id: z.string().min(1),
    status: z.enum(['processing', 'completed', 'failed', 'cancelled']),
    total: z.number().int().min(1),
    queued: z.number().int().min(0),
    sent: z.number().int().min(0).optional(),
    delivered: z.number().int().min(0).optional(),
    failed: z.number().int().min(0).optional(),
    estimated_cost: z.number().optional(),
    created_at: dateTime.optional(),
    completed_at: nullableDateTime.optional(),
  })
  .refine(
    (j) => j.status !== 'processing' || j.completed_at === null,
    'processing jobs have no completed_at',
  );

export const smsWebhook = z.object({
  id: z.string().min(1),
  url: z.string().regex(/^https:\/\/[^/?#]+/i),
  events: z.array(z.enum(SMS_EVENTS)),
  enabled: z.boolean(),
  secret: z.string().optional(),
  retry_config: z.object({ max_attempts: z.number().int(), backoff_seconds: z.number().int() }).optional(),
  last_triggered_at: nullableDateTime.optional(),
  failure_count: z.number().int().min(0).optional(),
  created_at: dateTime.optional(),
});

export const paymentWebhookList = z
  .object({
    object: z.literal('list'),
    data: z.array(
      z.object({
        id: z.string(),
        url: z.string(),
        events: z.array(z.string()),
        description: z.string(),
        enabled: z.boolean(),
        created_at: dateTime,
      }),
    ),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  })
  .refine((p) => p.has_more === (p.next_cursor !== null), 'next_cursor is set exactly when has_more');

export const customer = z.object({
  id: z.string().min(1),
  email: z.email().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  default_payment_method: z.string().nullable().optional(),
  created_at: dateTime.optional(),
});

const permission = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  resource: z.string(),
  action: z.string(),
});
const role = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permission),
});
export const members = z.array(
  z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(role).optional(),
    joinedAt: dateTime.optional(),
  }),
);

/** The mock's documented error body (the reference shows none: docs/mock-service.md, "Error body"). */
export const errorBody = z.object({
  error: z.object({
    type: z.enum([
      'invalid_request_error',
      'authentication_error',
      'not_found',
      'idempotency_error',
      'rate_limit_error',
      'api_error',
    ]),
    code: z.string().min(1),
    message: z.string().min(1),
    param: z.string().nullable(),
  }),
});

/** The success schema of each route of the reference; a route without one fails the compiler here. */
export const SUCCESS = {
  'POST /sms/messages': acceptedMessage,
  'GET /sms/messages': messagePage,
  'GET /sms/messages/{message_id}': message,
  'POST /sms/bulk': bulkJob,
  'POST /sms/templates/{template_id}/send': acceptedMessage,
  'GET /sms/webhooks/{webhook_id}': smsWebhook,
  'POST /sms/webhooks': smsWebhook,
  'GET /payment/webhooks': paymentWebhookList,
  'POST /payment/customers/{id}/payment_methods': customer,
  'GET /payment/customers/{id}': customer,
  'GET /account/organizations/{organizationId}/members': members,
} satisfies Record<MockRouteKey, z.ZodType>;

/** What a case expects: a success, or a refusal with this status naming this field. */
export type Expectation = { ok: true } | { status: number; param?: string | null };

/** The problems with one answer, empty when it conforms. */
export async function check(route: string, expectation: Expectation, response: Response): Promise<string[]> {
  const problems: string[] = [];
  const text = await response.text();
  if (!/^application\/json\b/.test(response.headers.get('content-type') ?? ''))
    problems.push(`content-type is ${response.headers.get('content-type')}`);
  if (!response.headers.get('x-request-id')) problems.push('no x-request-id');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `body is not JSON: ${text.slice(0, 80)}`];
  }
  if ('ok' in expectation) {
    if (response.status !== 200)
      problems.push(`status ${response.status}, expected 200: ${text.slice(0, 200)}`);
    const schema: z.ZodType | undefined = SUCCESS[route as MockRouteKey];
    if (schema === undefined) return [...problems, `no schema for ${route}`];
    const parsed = schema.safeParse(body);
    if (!parsed.success) problems.push(`body does not match ${route}: ${parsed.error.message.slice(0, 300)}`);
    return problems;
  }
  if (response.status !== expectation.status)
    problems.push(`status ${response.status}, expected ${expectation.status}: ${text.slice(0, 200)}`);
  const parsed = errorBody.safeParse(body);
  if (!parsed.success)
    return [...problems, `error body does not match: ${parsed.error.message.slice(0, 200)}`];
  const { param, message: text2 } = parsed.data.error;
  if (expectation.param !== undefined) {
    if (param !== expectation.param)
      problems.push(`param ${JSON.stringify(param)}, expected ${JSON.stringify(expectation.param)}`);
    if (expectation.param !== null && !text2.includes(expectation.param.split(/[.[]/)[0] ?? ''))
      problems.push(`message does not name ${expectation.param}: ${text2}`);
  }
  if (response.status === 405 && !response.headers.get('allow')) problems.push('405 without Allow');
  return problems;
}
