// The data a fresh (or reset) mock starts with. Ids are fixed so tests and examples can name them.
import type {
  MockCustomer,
  MockOrganizationMember,
  MockPermission,
  MockRole,
  MockSmsWebhook,
  MockTemplate,
} from './types.js';

/** The seeded templates. */
export function seedTemplates(): MockTemplate[] {
  return [
    { id: 'tpl_welcome', body: 'Hello {{name}}, welcome to {{company}}!' },
    { id: 'tpl_otp', body: 'Your code is {{code}}' },
  ];
}

/** The secret of the seeded SMS webhook `wh_123`, so tests can sign deliveries for it. */
export const SEEDED_WEBHOOK_SECRET = 'whsec_mock_secret';

/** The seeded SMS webhook. */
export function seedSmsWebhooks(createdAt: string): MockSmsWebhook[] {
  return [
    {
      id: 'wh_123',
      url: 'https://example.com/webhooks/sms',
      events: ['message.sent', 'message.delivered', 'message.failed'],
      enabled: true,
      secret: SEEDED_WEBHOOK_SECRET,
      retry_config: { max_attempts: 7, backoff_seconds: 60 },
      last_triggered_at: null,
      failure_count: 0,
      created_at: createdAt,
    },
  ];
}

/** The seeded payment webhooks' contents, oldest first (ids and dates are given by the store). */
export const PAYMENT_WEBHOOK_SEEDS = [
  { url: 'https://example.com/webhooks/payments', events: ['payment.succeeded'], description: 'Payments' },
  {
    url: 'https://example.com/webhooks/refunds',
    events: ['refund.succeeded', 'payment_intent.payment_failed'],
    description: 'Refunds and failures',
  },
  {
    url: 'https://example.com/webhooks/all',
    events: ['payment.succeeded', 'customer.created'],
    description: 'Everything',
  },
] as const;

/** The seeded customers. */
export function seedCustomers(createdAt: string): MockCustomer[] {
  return [
    {
      id: 'cus_123',
      email: 'jenny.rosen@example.com',
      name: 'Jenny Rosen',
      phone: '447700900123',
      metadata: { plan: 'pro' },
      default_payment_method: null,
      created_at: createdAt,
    },
    {
      id: 'cus_456',
      email: 'sam.lee@example.com',
      name: 'Sam Lee',
      phone: '447700900456',
      metadata: {},
      default_payment_method: 'pm_card_visa',
      created_at: createdAt,
    },
  ];
}

/** Payment methods already attached to the seeded customers. */
export function seedPaymentMethods(): [string, string[]][] {
  return [
    ['cus_123', []],
    ['cus_456', ['pm_card_visa']],
  ];
}

const permission = (resource: string, action: string): MockPermission => ({
  id: `perm_${resource}_${action}`,
  name: `${resource}:${action}`,
  description: `Can ${action} ${resource}`,
  resource,
  action,
});

const ROLES: Record<'owner' | 'admin' | 'member', MockRole> = {
  owner: {
    id: 'role_owner',
    name: 'owner',
    description: 'Full control of the organization',
    permissions: [
      permission('members', 'write'),
      permission('billing', 'write'),
      permission('messages', 'write'),
    ],
  },
  admin: {
    id: 'role_admin',
    name: 'admin',
    description: 'Manages members and messages',
    permissions: [permission('members', 'write'), permission('messages', 'write')],
  },
  member: {
    id: 'role_member',
    name: 'member',
    description: 'Sends and reads messages',
    permissions: [permission('messages', 'read'), permission('messages', 'write')],
  },
};

/** The seeded organizations and their members: `org_123` (three members) and `org_empty` (none). */
export function seedMembers(joinedAt: string): [string, MockOrganizationMember[]][] {
  const member = (
    id: string,
    firstName: string,
    lastName: string,
    role: keyof typeof ROLES,
  ): MockOrganizationMember => ({
    id,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    roles: [structuredClone(ROLES[role])],
    joinedAt,
  });
  return [
    [
      'org_123',
      [
        member('usr_1', 'Ada', 'Lovelace', 'owner'),
        member('usr_2', 'Grace', 'Hopper', 'admin'),
        member('usr_3', 'Alan', 'Turing', 'member'),
      ],
    ],
    ['org_empty', []],
  ];
}
