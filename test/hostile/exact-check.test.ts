// The exact check that spares a valid 2xx body zod's copy must answer as zod does, for every
// response schema, on a valid value and on each one-field change of it; where both accept, zod's
// output equals the input the check hands back.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { OrganizationMembers } from '../../src/resources/models/account.js';
import { CustomerSchema, PaymentWebhookPage } from '../../src/resources/models/payment.js';
import {
  BulkJobSchema,
  MessagePage,
  MessageSchema,
  SmsWebhookSchema,
} from '../../src/resources/models/sms.js';
import { driftedFields, exactCheck } from '../../src/internal/exact-check.js';
import { describeIssue, nullableString, safeParse } from '../../src/internal/schema.js';

interface Def {
  type: string;
  shape?: Record<string, z.core.$ZodType>;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
}
const defOf = (s: z.core.$ZodType) => s._zod.def as unknown as Def;

/** A valid value for `schema`, every optional field present. */
function sample(schema: z.core.$ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return 'text';
    case 'number':
      return 3;
    case 'boolean':
      return true;
    case 'optional':
    case 'nullable':
      return def.innerType && sample(def.innerType);
    case 'array':
      return def.element ? [sample(def.element), sample(def.element)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sample(v)]));
    default:
      return null;
  }
}

const ODD: unknown[] = [undefined, null, 0, 1.5, '', 'x', true, false, [], [1], {}, { a: 1 }];

/** The value, then the value with each field (at any depth) replaced by each odd value or removed. */
function variants(value: unknown): unknown[] {
  const out: unknown[] = [value, ...ODD];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      for (const changed of variants(item).slice(1)) out.push(value.map((v, j) => (j === i ? changed : v)));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      for (const changed of variants((value as Record<string, unknown>)[key]).slice(1)) {
        const copy: Record<string, unknown> = { ...value, [key]: changed };
        if (changed === undefined) delete copy[key];
        out.push(copy);
      }
    }
    out.push({ ...value, added_later: { any: ['thing'] } });
  }
  return out;
}

const SCHEMAS: [string, z.ZodMiniType][] = [
  ['Message', MessageSchema],
  ['MessagePage', MessagePage],
  ['BulkJob', BulkJobSchema],
  ['SmsWebhook', SmsWebhookSchema],
  ['Customer', CustomerSchema],
  ['PaymentWebhookPage', PaymentWebhookPage],
  ['OrganizationMembers', OrganizationMembers],
];

describe('the exact check of a response schema', () => {
  it.each(SCHEMAS)('%s: covered, and agrees with zod on every variant', (_name, schema) => {
    const check = exactCheck(schema);
    expect(check).not.toBeNull();
    const valid = sample(schema);
    expect(check?.(valid), JSON.stringify(valid)).toBe(true);
    expect(JSON.stringify(valid)).not.toContain('null');
    const all = variants(valid);
    expect(all.length).toBeGreaterThan(30);
    for (const value of all) {
      const result = safeParse(schema, value);
      expect(check?.(value), JSON.stringify(value)).toBe(result.success);
      if (result.success) expect(result.data).toEqual(value);
    }
  });

  it('leaves to zod a schema with a rule, a transform or a closed object', async () => {
    const z = await import('zod/mini');
    expect(exactCheck(z.string().check(z.minLength(2)))).toBeNull();
    expect(exactCheck(z.object({ a: z.string() }))).toBeNull();
    expect(exactCheck(z.strictObject({ a: z.string() }))).toBeNull();
    expect(
      exactCheck(
        z.looseObject({
          a: z.pipe(
            z.string(),
            z.transform((s) => s.length),
          ),
        }),
      ),
    ).toBeNull();
    expect(exactCheck(z.array(z.string()).check(z.maxLength(3)))).toBeNull();
    expect(exactCheck(z.looseObject({ a: z.optional(z.nullable(z.number())) }))).not.toBeNull();
  });

  it("a `… or null` field (the reference's nullable strings): a string, null or nothing passes; anything else is 'must be a string' at its path, and the drift finder names it", async () => {
    const z = await import('zod/mini');
    const schema = z.looseObject({ error_code: nullableString });
    const check = exactCheck(schema);
    for (const value of [{ error_code: 'E1' }, { error_code: null }, {}]) {
      expect(check?.(value)).toBe(true);
      expect(safeParse(schema, value).success).toBe(true);
    }
    for (const bad of [5, false, {}, []]) {
      const value = { error_code: bad };
      expect(check?.(value)).toBe(false);
      const result = safeParse(schema, value);
      expect(result.success).toBe(false);
      const issues = result.error?.issues ?? [];
      expect(issues.map((issue) => [issue.path, describeIssue(issue, value)])).toEqual([
        [['error_code'], 'must be a string'],
      ]);
      expect([...(driftedFields(schema, value) ?? [])]).toEqual(['error_code']);
    }
  });
});
