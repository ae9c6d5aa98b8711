// The mock's in-memory state. Routes read and write it; tests seed and inspect it directly.
import {
  PAYMENT_WEBHOOK_SEEDS,
  seedCustomers,
  seedMembers,
  seedPaymentMethods,
  seedSmsWebhooks,
  seedTemplates,
} from './fixtures.js';
import { IdempotencyCache } from './idempotency.js';
import { costOf, round, segmentsOf } from './pricing.js';
import type {
  MockBulkJob,
  MockCustomer,
  MockMessage,
  MockMessageStatus,
  MockOrganizationMember,
  MockPaymentWebhook,
  MockRoute,
  MockSmsWebhook,
  MockTemplate,
} from './types.js';

/** Field values for seeded records: the same for all, or computed from the record's index. */
export type Overrides<T> = Partial<T> | ((index: number) => Partial<T>);

/** What `createMessage` needs; the rest is derived. */
export interface NewMessage {
  /** Recipient number, digits only. */
  to: string;
  /** Message content. */
  body: string;
  /** Sender ID. @default store.defaultSender */
  from?: string | undefined;
  /** @default 'transactional' */
  route?: MockRoute | undefined;
  /** Scheduled delivery time, ISO 8601. @default null */
  scheduled_at?: string | null | undefined;
  /** Where this message's events go instead of the SMS webhooks (not part of the Message). */
  callback_url?: string | undefined;
}

/** Fields `setMessageStatus` and `mock.advance` may set along with the status. */
export interface StatusFields {
  /** Why delivery failed. @default 'number_unreachable' for `failed` */
  error_code?: string | null;
  /** Hand-off time. @default the mock's now (for `sent`, and `delivered` when unset) */
  sent_at?: string | null;
  /** Delivery time. @default the mock's now (for `delivered`) */
  delivered_at?: string | null;
}

/** When a message's steps happen under `autoAdvance`, in ms after it is due. */
export interface RouteTimeline {
  /** When it is sent. */
  sent: number;
  /** When it is delivered (or failed). */
  final: number;
}

/**
 * How long each step takes under `autoAdvance`, from the time a message is due (created, or
 * scheduled): `sent` after `sent` ms, then the final state `final - sent` ms after `sent_at`. Each
 * route ends inside its reference delivery-time target (otp under 5 s, transactional under 30 s,
 * promotional under 2 minutes).
 */
export const ROUTE_TIMELINE_MS: Record<MockRoute, RouteTimeline> = {
  otp: { sent: 1_000, final: 3_000 },
  transactional: { sent: 5_000, final: 20_000 },
  promotional: { sent: 20_000, final: 90_000 },
};

/** Under `autoAdvance`, a message to a number ending in 9 gets no receipt and expires this long after `sent_at`. */
export const EXPIRE_AFTER_MS = 24 * 60 * 60 * 1000;

/** @internal What the service listens to. */
export interface StoreHooks {
  statusChanged?: (message: MockMessage, at: string, callbackUrl: string | undefined) => void;
  reset?: () => void;
}

/** The error code of a failed delivery; the only value the reference shows. */
export const NUMBER_UNREACHABLE = 'number_unreachable';

const pad = (n: number) => String(n).padStart(8, '0');

/**
 * The in-memory state behind the mock's handlers: maps by id, plus helpers to seed and steer it.
 *
 * @example
 * mock.store.seedMessages(250, (i) => ({ status: i % 5 === 0 ? 'failed' : 'delivered' }));
 * mock.store.setMessageStatus(message.id, 'delivered');
 */
export class MockStore {
  /** Messages by id (sent, bulk and template messages, and seeded ones). */
  readonly messages = new Map<string, MockMessage>();
  /** Bulk jobs by id. */
  readonly bulkJobs = new Map<string, MockBulkJob>();
  /** Templates by id; seeded with `tpl_welcome` and `tpl_otp`. */
  readonly templates = new Map<string, MockTemplate>();
  /** SMS webhooks by id; seeded with `wh_123`. */
  readonly smsWebhooks = new Map<string, MockSmsWebhook>();
  /** Payment webhooks by id; seeded with three. */
  readonly paymentWebhooks = new Map<string, MockPaymentWebhook>();
  /** Customers by id; seeded with `cus_123` and `cus_456`. */
  readonly customers = new Map<string, MockCustomer>();
  /** Payment method ids attached to each customer, by customer id. */
  readonly paymentMethods = new Map<string, string[]>();
  /** Members by organization id; seeded with `org_123` (three members) and `org_empty`. */
  readonly members = new Map<string, MockOrganizationMember[]>();
  /** Remembered answers to POSTs with an `Idempotency-Key`. */
  readonly idempotency = new IdempotencyCache();
  /** The sender of messages sent without `from`: the account's default sender. */
  defaultSender = 'GATEWAY';

  /** @internal Set by the service. */
  hooks: StoreHooks = {};
  /** @internal The `autoAdvance` steps of each route. */
  timeline: Record<MockRoute, RouteTimeline> = ROUTE_TIMELINE_MS;

  readonly #now: () => Date;
  readonly #ids = new Map<string, number>();
  #requests = 0;
  readonly #callbackUrls = new Map<string, string>();
  readonly #jobOf = new Map<string, string>();
  // Messages not yet final (queued or sent), the only ones `autoAdvance` looks at.
  readonly #moving = new Set<MockMessage>();

  /** @internal Built by `createMockService`. */
  constructor(now: () => Date) {
    this.#now = now;
    this.reset();
  }

  /** The mock's clock, as an ISO 8601 string. */
  nowISO(): string {
    return this.#now().toISOString();
  }

  /** A fresh id: `prefix` and a zero-padded counter per prefix (`msg_00000001`), so ids sort by creation. */
  nextId(prefix: string): string {
    const n = (this.#ids.get(prefix) ?? 0) + 1;
    this.#ids.set(prefix, n);
    return `${prefix}${pad(n)}`;
  }

  /** @internal The next `x-request-id`: `req_1`, `req_2`, … */
  nextRequestId(): string {
    return `req_${++this.#requests}`;
  }

  /** Stores a new queued message, as `POST /sms/messages` does, and returns it. */
  createMessage(input: NewMessage): MockMessage {
    const segments = segmentsOf(input.body);
    const message: MockMessage = {
      id: this.nextId('msg_'),
      to: input.to,
      from: input.from ?? this.defaultSender,
      body: input.body,
      status: 'queued',
      created_at: this.nowISO(),
      route: input.route ?? 'transactional',
      segments,
      cost: costOf(segments),
      scheduled_at: input.scheduled_at ?? null,
      sent_at: null,
      delivered_at: null,
      error_code: null,
    };
    this.messages.set(message.id, message);
    if (input.callback_url !== undefined) this.#callbackUrls.set(message.id, input.callback_url);
    this.#moving.add(message);
    this.hooks.statusChanged?.(message, message.created_at, input.callback_url);
    return message;
  }

  /** Stores a bulk job and one queued message per recipient, as `POST /sms/bulk` does. */
  createBulkJob(input: {
    recipients: string[];
    body: string;
    from?: string | undefined;
    route: MockRoute;
    scheduled_at: string | null;
  }): MockBulkJob {
    let cost = 0;
    const id = this.nextId('bulk_');
    for (const to of input.recipients) {
      const message = this.createMessage({ ...input, to });
      this.#jobOf.set(message.id, id);
      cost += message.cost;
    }
    const job: MockBulkJob = {
      id,
      status: 'processing',
      total: input.recipients.length,
      queued: input.recipients.length,
      sent: 0,
      delivered: 0,
      failed: 0,
      estimated_cost: round(cost),
      created_at: this.nowISO(),
      completed_at: null,
    };
    this.bulkJobs.set(job.id, job);
    return job;
  }

  /**
   * Adds `count` messages, created one second apart and ending at the mock's `now`, so the last is
   * the newest. Defaults: status `queued`, route `transactional`, sender `GATEWAY`, recipients
   * `447700900000`, `447700900001`, … (every tenth ends in 0: unreachable under `autoAdvance`).
   * A given `status` fills the matching timestamps unless the overrides set them.
   *
   * @example store.seedMessages(250, (i) => ({ status: i % 2 ? 'delivered' : 'failed', route: 'otp' }))
   */
  seedMessages(count: number, overrides: Overrides<MockMessage> = {}): MockMessage[] {
    const end = this.#now().getTime();
    const out: MockMessage[] = [];
    for (let i = 0; i < count; i++) {
      const extra = typeof overrides === 'function' ? overrides(i) : overrides;
      const body = extra.body ?? `Seeded message ${i + 1}`;
      const segments = segmentsOf(body);
      const createdAt = new Date(end - (count - 1 - i) * 1000).toISOString();
      const message: MockMessage = {
        id: this.nextId('msg_'),
        to: `4477009${String(i % 100_000).padStart(5, '0')}`,
        from: this.defaultSender,
        body,
        status: 'queued',
        created_at: createdAt,
        route: 'transactional',
        segments,
        cost: costOf(segments),
        scheduled_at: null,
        sent_at: null,
        delivered_at: null,
        error_code: null,
      };
      if (extra.status !== undefined) applyStatus(message, extra.status, extra.created_at ?? createdAt, {});
      Object.assign(message, extra);
      this.messages.set(message.id, message);
      if (message.status === 'queued' || message.status === 'sent') this.#moving.add(message);
      out.push(message);
    }
    return out;
  }

  /**
   * Sets a message's status and the timestamps that go with it (at the mock's `now`): `sent` sets
   * `sent_at`; `delivered` sets `delivered_at` (and `sent_at` if unset); `failed` sets
   * `error_code` (default `number_unreachable`). `fields` override those values. A change of status
   * sends the `message.<status>` event to the webhooks (`mock.runDeliveries()`) and updates the
   * message's bulk job. Throws for an unknown id.
   *
   * @example store.setMessageStatus('msg_00000001', 'failed', { error_code: 'number_unreachable' })
   */
  setMessageStatus(id: string, status: MockMessageStatus, fields: StatusFields = {}): MockMessage {
    const message = this.#message(id);
    this.#setStatus(message, status, this.nowISO(), fields);
    return message;
  }

  /**
   * @internal Moves every queued or sent message as far as the clock says (`autoAdvance`): sent
   * `ROUTE_TIMELINE_MS[route].sent` after it is due, then delivered (failed for numbers ending in 0)
   * by the route's target; numbers ending in 9 expire `EXPIRE_AFTER_MS` after they were sent.
   * Each step is stamped with the time it happened, not the time it is noticed.
   */
  advanceTo(now: number): void {
    for (const message of [...this.#moving]) {
      const timeline = this.timeline[message.route];
      if (message.status === 'queued') {
        const due = Math.max(
          Date.parse(message.created_at),
          message.scheduled_at === null ? 0 : Date.parse(message.scheduled_at),
        );
        const sentAt = due + timeline.sent;
        if (sentAt > now) continue;
        this.#setStatus(message, 'sent', new Date(sentAt).toISOString(), {});
      }
      if (message.status === 'sent') {
        const sentAt = Date.parse(message.sent_at ?? message.created_at);
        const outcome: MockMessageStatus = message.to.endsWith('0')
          ? 'failed'
          : message.to.endsWith('9')
            ? 'expired'
            : 'delivered';
        const at = sentAt + (outcome === 'expired' ? EXPIRE_AFTER_MS : timeline.final - timeline.sent);
        if (at <= now) this.#setStatus(message, outcome, new Date(at).toISOString(), {});
      }
    }
  }

  #setStatus(message: MockMessage, status: MockMessageStatus, at: string, fields: StatusFields): void {
    const before = message.status;
    const changed = before !== status;
    applyStatus(message, status, at, fields);
    if (status === 'queued' || status === 'sent') this.#moving.add(message);
    else this.#moving.delete(message);
    const jobId = this.#jobOf.get(message.id);
    if (jobId !== undefined && changed) this.#recount(jobId, before, status, at);
    if (changed) this.hooks.statusChanged?.(message, at, this.#callbackUrls.get(message.id));
  }

  // Bulk counters are the current statuses of the job's messages (expired counts as failed),
  // kept by moving one message from its old bucket to its new one; the job completes when none is
  // queued or sent, at the time of its last message's final step.
  #recount(jobId: string, from: MockMessageStatus, to: MockMessageStatus, at: string): void {
    const job = this.bulkJobs.get(jobId);
    if (job === undefined) return;
    const bucket = (status: MockMessageStatus) => (status === 'expired' ? 'failed' : status);
    const counts = { queued: job.queued, sent: job.sent, delivered: job.delivered, failed: job.failed };
    counts[bucket(from)] -= 1;
    counts[bucket(to)] += 1;
    Object.assign(job, counts);
    if (counts.queued === 0 && counts.sent === 0) {
      if (job.status === 'processing') {
        job.status = 'completed';
        job.completed_at = at;
      }
    } else if (job.status === 'completed') {
      job.status = 'processing';
      job.completed_at = null;
    }
  }

  /**
   * Adds `count` payment webhooks, created one second apart and ending at `now`.
   *
   * @example store.seedPaymentWebhooks(250)
   */
  seedPaymentWebhooks(count: number, overrides: Overrides<MockPaymentWebhook> = {}): MockPaymentWebhook[] {
    const end = this.#now().getTime();
    const out: MockPaymentWebhook[] = [];
    for (let i = 0; i < count; i++) {
      const hook: MockPaymentWebhook = {
        id: this.nextId('we_'),
        url: `https://example.com/webhooks/payments/${i + 1}`,
        events: ['payment.succeeded'],
        description: `Seeded webhook ${i + 1}`,
        enabled: true,
        created_at: new Date(end - (count - 1 - i) * 1000).toISOString(),
        ...(typeof overrides === 'function' ? overrides(i) : overrides),
      };
      this.paymentWebhooks.set(hook.id, hook);
      out.push(hook);
    }
    return out;
  }

  /**
   * Adds or replaces a template; placeholders are written `{{name}}`.
   *
   * @example store.addTemplate('tpl_reminder', 'Hi {{name}}, see you at {{time}}')
   */
  addTemplate(id: string, body: string): MockTemplate {
    const template = { id, body };
    this.templates.set(id, template);
    return template;
  }

  /**
   * Adds or replaces a customer; unspecified fields get defaults.
   *
   * @example store.addCustomer({ id: 'cus_new', email: 'new@example.com' })
   */
  addCustomer(customer: Partial<MockCustomer> & { id: string }): MockCustomer {
    const full: MockCustomer = {
      email: `${customer.id}@example.com`,
      name: 'Test Customer',
      phone: '447700900999',
      metadata: {},
      default_payment_method: null,
      created_at: this.nowISO(),
      ...customer,
    };
    this.customers.set(full.id, full);
    if (!this.paymentMethods.has(full.id))
      this.paymentMethods.set(full.id, full.default_payment_method ? [full.default_payment_method] : []);
    return full;
  }

  /**
   * Sets an organization's members (an empty array makes an organization without members).
   *
   * @example store.setMembers('org_new', [])
   */
  setMembers(organizationId: string, members: MockOrganizationMember[]): void {
    this.members.set(organizationId, members);
  }

  /** Back to the seeded state: records, idempotency keys, id and request counters. */
  reset(): void {
    for (const map of [
      this.messages,
      this.bulkJobs,
      this.templates,
      this.smsWebhooks,
      this.paymentWebhooks,
      this.customers,
      this.paymentMethods,
      this.members,
    ]) {
      map.clear();
    }
    this.idempotency.clear();
    this.#callbackUrls.clear();
    this.#jobOf.clear();
    this.#moving.clear();
    this.hooks.reset?.();
    this.defaultSender = 'GATEWAY';
    this.#ids.clear();
    this.#requests = 0;
    const now = this.#now().getTime();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    for (const t of seedTemplates()) this.templates.set(t.id, t);
    for (const w of seedSmsWebhooks(at(86_400))) this.smsWebhooks.set(w.id, w);
    PAYMENT_WEBHOOK_SEEDS.forEach((seed, i) => {
      const id = this.nextId('we_');
      this.paymentWebhooks.set(id, {
        id,
        ...seed,
        events: [...seed.events],
        enabled: true,
        created_at: at(86_400 - i),
      });
    });
    for (const c of seedCustomers(at(86_400))) this.customers.set(c.id, c);
    for (const [id, methods] of seedPaymentMethods()) this.paymentMethods.set(id, methods);
    for (const [id, members] of seedMembers(at(86_400))) this.members.set(id, members);
  }

  #message(id: string): MockMessage {
    const message = this.messages.get(id);
    if (message === undefined) throw new Error(`The mock store has no message ${JSON.stringify(id)}.`);
    return message;
  }
}

function applyStatus(
  message: MockMessage,
  status: MockMessageStatus,
  at: string,
  fields: StatusFields,
): void {
  message.status = status;
  if (status === 'queued') {
    message.sent_at = null;
    message.delivered_at = null;
    message.error_code = null;
  } else if (status === 'sent') {
    message.sent_at = at;
    message.delivered_at = null;
    message.error_code = null;
  } else if (status === 'delivered') {
    message.sent_at ??= at;
    message.delivered_at = at;
    message.error_code = null;
  } else if (status === 'failed') {
    message.delivered_at = null;
    message.error_code = NUMBER_UNREACHABLE;
  } else {
    message.delivered_at = null;
    message.error_code = null;
  }
  if (fields.sent_at !== undefined) message.sent_at = fields.sent_at;
  if (fields.delivered_at !== undefined) message.delivered_at = fields.delivered_at;
  if (fields.error_code !== undefined) message.error_code = fields.error_code;
}
