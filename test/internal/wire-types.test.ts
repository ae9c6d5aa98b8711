// A wire string, number or boolean (internal/schema.ts `wire`) is refused as zod's own string,
// number and boolean refuse a value: the same messages, and nothing past the type is checked. A list
// (`list`) is parsed as zod's array parses one, and an optional part (`optional`) as zod's optional.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/core/client-errors.js';
import { describeIssue, parseInput, safeParse } from '../../src/internal/schema.js';
import { CustomerSchema, PaymentMethodAttachParamsSchema } from '../../src/resources/models/payment.js';
import { exactCheck } from '../../src/internal/exact-check.js';
import { OrganizationMembers } from '../../src/resources/models/account.js';
import {
  BulkCreateParamsSchema,
  BulkJobSchema,
  MessageCreateParamsSchema,
  MessageListParamsSchema,
  SmsWebhookCreateAnswer,
  SmsWebhookCreateParamsSchema,
  SmsWebhookSchema,
} from '../../src/resources/models/sms.js';

/** The issues of `schema` for `value`, as the SDK words them. */
function issuesOf(schema: Parameters<typeof safeParse>[0], value: unknown): [unknown[], string][] {
  const result = safeParse(schema, value);
  return (result.error?.issues ?? []).map((issue) => [issue.path, describeIssue(issue, value)]);
}

const job = { id: 'job_1', status: 'processing', total: 2, queued: 2 };
const hook = { id: 'wh_1', url: 'https://h.example', events: [], enabled: true };

describe('a wire type', () => {
  it('a number: NaN, the infinities and a numeric string are not numbers; a missing one is required', () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, '2', null, true])
      expect(issuesOf(BulkJobSchema, { ...job, total: bad })).toEqual([[['total'], 'must be a number']]);
    expect(issuesOf(BulkJobSchema, { ...job, total: undefined })).toEqual([
      [['total'], 'is required (number)'],
    ]);
    expect(issuesOf(BulkJobSchema, { ...job, sent: '1' })).toEqual([[['sent'], 'must be a number']]);
    expect(issuesOf(BulkJobSchema, { ...job, sent: 0, total: 0.5 })).toEqual([]);
  });

  it("a boolean: 'true' and 1 are not booleans; a missing one is required", () => {
    for (const bad of ['true', 1, 0, null])
      expect(issuesOf(SmsWebhookSchema, { ...hook, enabled: bad })).toEqual([
        [['enabled'], 'must be a boolean'],
      ]);
    const { enabled: _, ...without } = hook;
    expect(issuesOf(SmsWebhookSchema, without)).toEqual([[['enabled'], 'is required (boolean)']]);
    expect(issuesOf(SmsWebhookSchema, { ...hook, enabled: false })).toEqual([]);
  });

  it('a string: a number or null is not a string; a missing one is required; an optional one may be absent', () => {
    expect(issuesOf(CustomerSchema, { id: 5 })).toEqual([[['id'], 'must be a string']]);
    expect(issuesOf(CustomerSchema, { id: null })).toEqual([[['id'], 'must be a string']]);
    expect(issuesOf(CustomerSchema, {})).toEqual([[['id'], 'is required (string)']]);
    expect(issuesOf(CustomerSchema, { id: 'c', email: 5 })).toEqual([[['email'], 'must be a string']]);
    expect(issuesOf(CustomerSchema, { id: 'c' })).toEqual([]);
  });

  it('a request field of the wrong type is refused by its type alone: its rules after it do not run', () => {
    const refused = (schema: Parameters<typeof parseInput>[0], value: unknown) => {
      try {
        parseInput(schema, value, 'Params');
      } catch (error) {
        if (error instanceof ValidationError) return error.issues;
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refused(MessageCreateParamsSchema, { to: 447700900123, message: 7 })).toEqual([
      { path: ['to'], message: 'must be a string' },
      { path: ['message'], message: 'must be a string' },
    ]);
    expect(refused(MessageCreateParamsSchema, { message: 'Hi' })).toEqual([
      { path: ['to'], message: 'is required (string)' },
    ]);
    expect(refused(MessageListParamsSchema, { limit: '5' })).toEqual([
      { path: ['limit'], message: 'must be a number' },
    ]);
    expect(refused(MessageListParamsSchema, { limit: 500 })).toEqual([
      { path: ['limit'], message: 'must be an integer from 1 to 100' },
    ]);
    expect(refused(PaymentMethodAttachParamsSchema, { payment_method: 'pm_1', set_default: 'yes' })).toEqual([
      { path: ['set_default'], message: 'must be a boolean' },
    ]);
  });

  it('a request string with a rule still takes a value that passes it, rewritten where its rule rewrites', () => {
    expect(parseInput(MessageCreateParamsSchema, { to: '+447700900123', message: 'Hi' }, 'Params')).toEqual({
      to: '447700900123',
      message: 'Hi',
    });
  });
});

/** The issues of a request `schema` refusing `value`, or the value it accepted. */
function inputOf(schema: Parameters<typeof parseInput>[0], value: unknown): unknown {
  try {
    return parseInput(schema, value, 'Params');
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
}

describe('a list', () => {
  it('a list of items, each rewritten as its own rule rewrites it, in order', () => {
    expect(
      inputOf(BulkCreateParamsSchema, { recipients: ['+447700900123', '15550100'], message: 'Hi' }),
    ).toEqual({
      recipients: ['447700900123', '15550100'],
      message: 'Hi',
    });
    expect(inputOf(BulkCreateParamsSchema, { recipients: ['1'], message: 'Hi' })).toEqual({
      recipients: ['1'],
      message: 'Hi',
    });
  });

  it('not a list is refused by its type alone; a missing one is required', () => {
    for (const bad of ['447700900123', { 0: '447700900123' }, null])
      expect(inputOf(BulkCreateParamsSchema, { recipients: bad, message: 'Hi' })).toEqual([
        { path: ['recipients'], message: 'must be an array' },
      ]);
    expect(inputOf(BulkCreateParamsSchema, { message: 'Hi' })).toEqual([
      { path: ['recipients'], message: 'is required (array)' },
    ]);
    expect(issuesOf(SmsWebhookSchema, { ...hook, events: 'message.sent' })).toEqual([
      [['events'], 'must be an array'],
    ]);
  });

  it("an item's issues are under its position, at any depth, each item's own", () => {
    expect(issuesOf(SmsWebhookSchema, { ...hook, events: ['a', 5, 'b', false] })).toEqual([
      [['events', 1], 'must be a string'],
      [['events', 3], 'must be a string'],
    ]);
    const member = { id: 'u', email: 'e', firstName: 'f', lastName: 'l' };
    const role = { id: 'r', name: 'n', permissions: [{ id: 'p', name: 'n' }, { id: 'p2' }] };
    expect(issuesOf(OrganizationMembers, [member, { ...member, roles: [role, role] }, 7])).toEqual([
      [[1, 'roles', 0, 'permissions', 1, 'name'], 'is required (string)'],
      [[1, 'roles', 1, 'permissions', 1, 'name'], 'is required (string)'],
      [[2], 'must be an object'],
    ]);
    expect(
      inputOf(SmsWebhookCreateParamsSchema, { url: 'https://h.example', events: ['message.sent', 'x'] }),
    ).toEqual([
      {
        path: ['events', 1],
        message:
          'must be one of message.queued, message.sent, message.delivered, message.failed, message.expired (balance.low cannot be subscribed here)',
      },
    ]);
  });

  it("a list's own rule runs after its items' rules, but not after an item of the wrong type", () => {
    const many = Array.from({ length: 10_001 }, () => '447700900123');
    const tooMany = 'must list 1 to 10000 phone numbers; split larger sends into several jobs';
    expect(inputOf(BulkCreateParamsSchema, { recipients: many, message: 'Hi' })).toEqual([
      { path: ['recipients'], message: tooMany },
    ]);
    expect(inputOf(BulkCreateParamsSchema, { recipients: [], message: 'Hi' })).toEqual([
      { path: ['recipients'], message: tooMany },
    ]);
    const badRule = many.map((n, i) => (i === 3 ? 'x' : n));
    expect(inputOf(BulkCreateParamsSchema, { recipients: badRule, message: 'Hi' })).toEqual([
      { path: ['recipients', 3], message: expect.stringMatching(/^must be a number of digits/) as unknown },
      { path: ['recipients'], message: tooMany },
    ]);
    const badType = many.map((n, i) => (i === 3 ? 3 : n));
    expect(inputOf(BulkCreateParamsSchema, { recipients: badType, message: 'Hi' })).toEqual([
      { path: ['recipients', 3], message: 'must be a string' },
    ]);
  });

  it('the exact check covers a response list and leaves a list with a rule of its own to zod', () => {
    expect(exactCheck(OrganizationMembers)).not.toBeNull();
    expect(exactCheck(BulkCreateParamsSchema.shape.recipients)).toBeNull();
  });
});

describe('an optional part', () => {
  it('absent or undefined is taken and left as it was; anything else is read as the part', () => {
    expect(inputOf(MessageCreateParamsSchema, { to: '447700900123', message: 'Hi' })).toEqual({
      to: '447700900123',
      message: 'Hi',
    });
    const withUndefined = inputOf(MessageCreateParamsSchema, {
      to: '447700900123',
      message: 'Hi',
      from: undefined,
    });
    expect(withUndefined).toEqual({ to: '447700900123', message: 'Hi', from: undefined });
    expect(Object.keys(withUndefined as object)).toEqual(['to', 'message', 'from']);
    expect(inputOf(MessageCreateParamsSchema, { to: '447700900123', message: 'Hi', from: null })).toEqual([
      { path: ['from'], message: 'must be a string' },
    ]);
    expect(issuesOf(BulkJobSchema, { ...job, created_at: 5 })).toEqual([
      [['created_at'], 'must be a string'],
    ]);
  });

  it("an optional object's fields are checked by name and by rule, at their paths", () => {
    const url = 'https://h.example';
    expect(
      inputOf(SmsWebhookCreateParamsSchema, {
        url,
        events: [],
        retry_config: { max_attempts: -1, tries: 2 },
      }),
    ).toEqual([
      {
        path: ['retry_config', 'tries'],
        message: 'is not a field (the fields are max_attempts, backoff_seconds)',
      },
      { path: ['retry_config', 'max_attempts'], message: 'must be a whole number of 0 or more' },
    ]);
    expect(inputOf(SmsWebhookCreateParamsSchema, { url, events: [], retry_config: 3 })).toEqual([
      { path: ['retry_config'], message: 'must be an object' },
    ]);
  });

  it("a nullable string: null, a string or nothing; else a string's issue", () => {
    for (const value of [null, 'E1', undefined])
      expect(issuesOf(SmsWebhookSchema, { ...hook, last_triggered_at: value })).toEqual([]);
    expect(issuesOf(SmsWebhookSchema, { ...hook, last_triggered_at: 0 })).toEqual([
      [['last_triggered_at'], 'must be a string'],
    ]);
  });

  it('an answer the reference does not show: an object is read as the schema says, nothing is undefined', () => {
    expect(issuesOf(SmsWebhookCreateAnswer, undefined)).toEqual([]);
    expect(safeParse(SmsWebhookCreateAnswer, hook).data).toEqual(hook);
    expect(issuesOf(SmsWebhookCreateAnswer, { ...hook, enabled: 1 })).toEqual([
      [['enabled'], 'must be a boolean'],
    ]);
  });
});
