// The SMS endpoints (the API reference's Endpoints 1 to 7). Fields are checked in the order
// of the reference's request tables; the first one at fault is answered.
import { LIMITS } from '../../limits.js';
import { invalid, missing, MockApiError, notFound } from '../errors.js';
import { paginate } from '../pagination.js';
import type { Route } from '../router.js';
import { declared } from './declared.js';
import type { MockMessage, MockRetryConfig, MockSmsWebhook } from '../types.js';
import {
  BULK_ROUTES,
  codePoints,
  dateTime,
  httpsUrl,
  isObject,
  listedNumber,
  MESSAGE_STATUSES,
  messageText,
  oneOf,
  pageLimit,
  phone,
  queryParams,
  ROUTES,
  route,
  scheduleAt,
  senderId,
  SMS_WEBHOOK_EVENTS,
  string,
  boolean,
  nonNegativeInteger,
  knownFields,
  type Body,
} from '../validation.js';
import { toHex } from '../../internal/hex.js';

/**
 * Retry settings of a webhook registered without `retry_config`: one attempt, then the reference's six
 * retries (1, 2, 4, 8, 16 minutes, 24 hours).
 */
export const DEFAULT_RETRY_CONFIG: MockRetryConfig = { max_attempts: 7, backoff_seconds: 60 };

const MAX_RECIPIENTS = LIMITS.bulkRecipients.max;

// The request tables of the reference, complete for these three (webhook create is open: "any
// further accepted body fields: not shown").
const SEND_FIELDS = ['to', 'message', 'from', 'schedule_at', 'route', 'reference_id', 'callback_url'];
const BULK_FIELDS = ['recipients', 'message', 'from', 'route', 'schedule_at'];
const TEMPLATE_SEND_FIELDS = ['to', 'variables', 'from', 'route'];

/** POST /sms/messages */
const createMessage: Route = {
  ...declared('sms.messages.create'),
  handle({ body, store, now }) {
    knownFields(body, SEND_FIELDS, 'POST /sms/messages');
    const to = phone(required(body, 'to', 'the recipient number'), 'to');
    const message = messageText(body);
    const from = senderId(body);
    const scheduledAt = scheduleAt(body, now.getTime(), { future: false });
    const chosenRoute = route(body, ROUTES, 'transactional');
    const referenceId = string(body, 'reference_id');
    if (referenceId !== undefined && codePoints(referenceId) > 100)
      throw invalid('reference_id', 'must be at most 100 characters.');
    const callbackUrl =
      body['callback_url'] === undefined ? undefined : httpsUrl(body['callback_url'], 'callback_url');
    // reference_id and callback_url are accepted but not part of the Message (Message, note 3).
    return {
      body: store.createMessage({
        to,
        body: message,
        from,
        route: chosenRoute,
        scheduled_at: scheduledAt,
        callback_url: callbackUrl,
      }),
    };
  },
};

/** GET /sms/messages */
const listMessages: Route = {
  ...declared('sms.messages.list'),
  handle({ query, store }) {
    const q = queryParams(query, ['limit', 'after', 'status', 'route', 'from_date', 'to_date']);
    const limit = pageLimit(q.get('limit'));
    const status = q.has('status') ? oneOf(q.get('status'), 'status', MESSAGE_STATUSES) : undefined;
    const wanted = q.has('route') ? oneOf(q.get('route'), 'route', ROUTES) : undefined;
    const from = q.has('from_date') ? dateTime(q.get('from_date'), 'from_date') : undefined;
    const to = q.has('to_date') ? dateTime(q.get('to_date'), 'to_date') : undefined;
    // [from_date, to_date): consecutive windows neither miss nor repeat a message.
    const keep = (m: MockMessage) => {
      const created = Date.parse(m.created_at);
      return (
        (status === undefined || m.status === status) &&
        (wanted === undefined || m.route === wanted) &&
        (from === undefined || created >= from) &&
        (to === undefined || created < to)
      );
    };
    return { body: paginate(store.messages.values(), { limit, after: q.get('after'), keep }) };
  },
};

/** GET /sms/messages/{message_id} */
const retrieveMessage: Route = {
  ...declared('sms.messages.retrieve'),
  handle({ params, store }) {
    const id = params['message_id'] ?? '';
    const message = store.messages.get(id);
    if (message === undefined) throw notFound('message_not_found', 'message_id', 'message', id);
    return { body: message };
  },
};

/** POST /sms/bulk */
const createBulk: Route = {
  ...declared('sms.bulk.create'),
  handle({ body, store, now }) {
    knownFields(body, BULK_FIELDS, 'POST /sms/bulk');
    const recipients = required(body, 'recipients', `an array of 1 to ${MAX_RECIPIENTS} phone numbers`);
    if (!Array.isArray(recipients)) throw invalid('recipients', 'must be an array of phone numbers.');
    if (recipients.length < 1 || recipients.length > MAX_RECIPIENTS) {
      throw invalid(
        'recipients',
        `must list 1 to ${MAX_RECIPIENTS} phone numbers (got ${recipients.length}).`,
      );
    }
    const numbers = recipients.map((value, i) => listedNumber(value, `recipients[${i}]`));
    const message = messageText(body);
    const from = senderId(body);
    const chosenRoute = route(body, BULK_ROUTES, 'promotional', ' (otp is not available for bulk)');
    const scheduledAt = scheduleAt(body, now.getTime(), { future: true });
    return {
      body: store.createBulkJob({
        recipients: numbers,
        body: message,
        from,
        route: chosenRoute,
        scheduled_at: scheduledAt,
      }),
    };
  },
};

/** POST /sms/templates/{template_id}/send */
const sendTemplate: Route = {
  ...declared('sms.templates.send'),
  handle({ params, body, store }) {
    const id = params['template_id'] ?? '';
    const template = store.templates.get(id);
    if (template === undefined) throw notFound('template_not_found', 'template_id', 'template', id);
    knownFields(body, TEMPLATE_SEND_FIELDS, 'POST /sms/templates/{template_id}/send');
    const to = listedNumber(required(body, 'to', 'the recipient number'), 'to');
    const variables = templateVariables(body);
    const from = senderId(body);
    const chosenRoute = route(body, ROUTES, 'transactional');
    const text = render(template.body, variables);
    const n = codePoints(text);
    if (n < 1 || n > 1000)
      throw invalid('variables', `make the message ${n} characters long; it must be 1 to 1000.`);
    return { body: store.createMessage({ to, body: text, from, route: chosenRoute }) };
  },
};

/** GET /sms/webhooks/{webhook_id} */
const retrieveWebhook: Route = {
  ...declared('sms.webhooks.retrieve'),
  handle({ params, store }) {
    const id = params['webhook_id'] ?? '';
    const hook = store.smsWebhooks.get(id);
    if (hook === undefined) throw notFound('webhook_not_found', 'webhook_id', 'SMS webhook', id);
    return { body: hook };
  },
};

/** POST /sms/webhooks */
const createWebhook: Route = {
  ...declared('sms.webhooks.create'),
  handle({ body, store }) {
    const url = httpsUrl(required(body, 'url', 'an HTTPS URL'), 'url');
    const events = required(body, 'events', `an array of ${SMS_WEBHOOK_EVENTS.join(', ')}`);
    if (!Array.isArray(events) || events.length === 0)
      throw invalid('events', `must be a non-empty array of ${SMS_WEBHOOK_EVENTS.join(', ')}.`);
    const names = events.map((event, i) => oneOf(event, `events[${i}]`, SMS_WEBHOOK_EVENTS));
    const enabled = boolean(body, 'enabled') ?? true;
    const hook: MockSmsWebhook = {
      id: store.nextId('wh_'),
      url,
      events: names,
      enabled,
      secret: randomSecret(),
      retry_config: retryConfig(body),
      last_triggered_at: null,
      failure_count: 0,
      created_at: store.nowISO(),
    };
    store.smsWebhooks.set(hook.id, hook);
    return { body: hook };
  },
};

/** The SMS routes, in the order of the reference. */
export const smsRoutes: Route[] = [
  createMessage,
  listMessages,
  retrieveMessage,
  createBulk,
  sendTemplate,
  retrieveWebhook,
  createWebhook,
];

function required(body: Body, param: string, what: string): unknown {
  const value = body[param];
  if (value === undefined) throw missing(param, what);
  return value;
}

function templateVariables(body: Body): Record<string, string | number | boolean> {
  const value = required(body, 'variables', 'an object of values to substitute');
  if (!isObject(value)) throw invalid('variables', 'must be an object of key-value pairs.');
  for (const [name, v] of Object.entries(value)) {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw invalid(`variables.${name}`, 'must be a string, number or boolean.');
    }
  }
  return value as Record<string, string | number | boolean>;
}

// {{name}} with optional blanks inside the braces; every placeholder needs a variable, and
// variables the template does not use are ignored.
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

function render(template: string, variables: Record<string, string | number | boolean>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(variables, name)) {
      throw new MockApiError(
        'invalid_request_error',
        'template_variable_missing',
        `The template uses {{${name}}}; add variables.${name}.`,
        `variables.${name}`,
      );
    }
    return String(variables[name]);
  });
}

function retryConfig(body: Body): MockRetryConfig {
  const value = body['retry_config'];
  if (value === undefined) return { ...DEFAULT_RETRY_CONFIG };
  if (!isObject(value))
    throw invalid('retry_config', 'must be an object with max_attempts and backoff_seconds.');
  const config = { ...DEFAULT_RETRY_CONFIG };
  if (value['max_attempts'] !== undefined)
    config.max_attempts = nonNegativeInteger(value['max_attempts'], 'retry_config.max_attempts');
  if (value['backoff_seconds'] !== undefined)
    config.backoff_seconds = nonNegativeInteger(value['backoff_seconds'], 'retry_config.backoff_seconds');
  return config;
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${toHex(bytes)}`;
}
