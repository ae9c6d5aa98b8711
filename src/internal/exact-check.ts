// A check that answers as a response schema's parse does, without building zod's copy of the value,
// for the shapes response schemas are made of: strings, numbers, booleans, optional and nullable
// fields, arrays and loose objects (zod's kinds, or internal/schema.ts's stand-ins for them), none
// with a rule of its own. For those, zod's output is a copy of its input, so a body that passes is
// its own parsed value; a body that fails, or a schema with any other part (a refinement, a
// transform, a closed object), goes to zod, which names every fault. A 10 MiB list of valid items
// costs a fraction of zod's parse this way.
import type * as z from 'zod/mini';

type Check = (value: unknown) => boolean;

/** An object that is not an array: what a JSON object parses to (one test for the engine's modules). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parts of a zod definition the check reads (zod's own `def`, read-only). */
interface CheckedDef {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  element?: z.core.$ZodType;
}

// null: the schema has a part the check does not cover.
const COMPILED = new WeakMap<z.core.$ZodType, Check | null>();

/** The exact check for `schema`, or null when it has a part only zod can check. */
export function exactCheck(schema: z.core.$ZodType | undefined): Check | null {
  if (schema === undefined) return null;
  let check = COMPILED.get(schema);
  if (check === undefined) COMPILED.set(schema, (check = compile(schema._zod.def as unknown as CheckedDef)));
  return check;
}

function compile({ type, checks, coerce, shape, catchall, innerType, element }: CheckedDef): Check | null {
  if (checks?.length || coerce) return null;
  const inner = exactCheck(innerType ?? element);
  if (type === 'string' || type === 'boolean') return (v) => typeof v === type;
  // Number.isFinite is false for anything but a finite number: no coercion.
  if (type === 'number') return Number.isFinite;
  if (type === 'optional') return inner && ((v) => v === undefined || inner(v));
  if (type === 'nullable') return inner && ((v) => v === null || inner(v));
  if (type === 'array') return inner && ((v) => Array.isArray(v) && v.every(inner));
  // Only a loose object keeps every key, as the check does; a closed or stripping one changes its input.
  if (type !== 'object' || catchall?._zod.def.type !== 'unknown' || !shape) return null;
  const keys = Object.keys(shape);
  const fields = keys.map((key) => exactCheck(shape[key]));
  if (fields.includes(null)) return null;
  return (v) => {
    if (!isObject(v)) return false;
    for (let i = 0; i < keys.length; i++) if (!(fields[i] as Check)(v[keys[i] as string])) return false;
    return true;
  };
}

/** Adds to `out` the path of each field where a value breaks the check (see `driftedFields`). */
type Find = (value: unknown, out: Set<string>) => void;

const FINDERS = new WeakMap<z.core.$ZodType, Find | null>();

/**
 * The fields where `value` breaks `schema`, at the paths zod's issues name, written as the drift
 * warning writes them (`data[].cost`: a list position is `[]`; `(the answer)` for the whole), or
 * null when only zod can tell. Lets an answer whose drift was already warned about skip zod.
 */
export function driftedFields(schema: z.core.$ZodType, value: unknown): Set<string> | null {
  let find = FINDERS.get(schema);
  if (find === undefined) FINDERS.set(schema, (find = exactCheck(schema) && finder(schema, '')));
  if (find === null) return null;
  const out = new Set<string>();
  find(value, out);
  return out;
}

/**
 * The finder of `schema`, which has an exact check: then every part of it has one too (a part
 * without one leaves its whole without one), so no finder here is null.
 */
function finder(schema: z.core.$ZodType, path: string): Find {
  const check = exactCheck(schema) as Check;
  const { type, innerType, element, shape } = schema._zod.def as unknown as CheckedDef;
  const at = path || '(the answer)';
  if (type === 'optional' || type === 'nullable') {
    const inner = finder(innerType as z.core.$ZodType, path);
    const skip = type === 'optional' ? undefined : null;
    return (v, out) => v === skip || inner(v, out);
  }
  if (type === 'array') {
    const each = finder(element as z.core.$ZodType, `${path}[]`);
    return (v, out) => {
      if (!Array.isArray(v)) out.add(at);
      else for (const item of v) each(item, out);
    };
  }
  if (type !== 'object' || !shape) return (v, out) => check(v) || out.add(at);
  const keys = Object.keys(shape);
  const paths = keys.map((key) => (path ? `${path}.${key}` : key));
  const fields = keys.map((key) => shape[key] as z.core.$ZodType);
  // A field holding a value (not an object or a list) is found by its exact check alone, as fast as
  // the check of a clean answer; the others by their own finder.
  const finds = fields.map((field, i) => (holdsValue(field) ? undefined : finder(field, paths[i] as string)));
  const checks = fields.map(exactCheck);
  return (v, out) => {
    if (!isObject(v)) {
      out.add(at);
      return;
    }
    for (let i = 0; i < keys.length; i++) {
      const value = v[keys[i] as string];
      const find = finds[i];
      if (find !== undefined) find(value, out);
      else if (!(checks[i] as Check)(value)) out.add(paths[i] as string);
    }
  };
}

/** Whether `schema` holds a value, not an object or a list, optional or nullable or not. */
function holdsValue(schema: z.core.$ZodType): boolean {
  // Of the parts the check covers, only an optional or a nullable holds an innerType.
  let def = schema._zod.def as unknown as CheckedDef;
  while (def.innerType) def = def.innerType._zod.def as unknown as CheckedDef;
  return def.type !== 'object' && def.type !== 'array';
}
