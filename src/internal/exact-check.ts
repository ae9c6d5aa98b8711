// A check that answers as a response schema's parse does, without building zod's copy of the value,
// for the shapes response schemas are made of: strings, numbers, booleans, null, optional and
// nullable fields, arrays and loose objects, none with a rule of its own. For those, zod's output
// is a copy of its input, so a body that passes is its own parsed value; a body that fails, or a
// schema with any other part (a refinement, a transform, a closed object), goes to zod, which
// names every fault. A 10 MiB list of valid items costs a tenth of zod's parse this way.
import type * as z from 'zod/mini';

type Check = (value: unknown) => boolean;

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
export function exactCheck(schema: z.core.$ZodType): Check | null {
  let check = COMPILED.get(schema);
  if (check === undefined) {
    check = compile(schema._zod.def as unknown as CheckedDef);
    COMPILED.set(schema, check);
  }
  return check;
}

function compile(def: CheckedDef): Check | null {
  if ((def.checks?.length ?? 0) > 0 || def.coerce === true) return null;
  switch (def.type) {
    case 'string':
      return (v) => typeof v === 'string';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'optional':
    case 'nullable': {
      const inner = def.innerType === undefined ? null : exactCheck(def.innerType);
      if (inner === null) return null;
      return def.type === 'optional' ? (v) => v === undefined || inner(v) : (v) => v === null || inner(v);
    }
    case 'array': {
      const element = def.element === undefined ? null : exactCheck(def.element);
      if (element === null) return null;
      return (v) => Array.isArray(v) && v.every((item) => element(item));
    }
    case 'object':
      return compileObject(def);
    default:
      return null;
  }
}

function compileObject(def: CheckedDef): Check | null {
  // Only a loose object keeps every key, as the check does; a closed or stripping one changes its input.
  const catchall = def.catchall?._zod.def.type;
  if (def.shape === undefined || (catchall !== 'unknown' && catchall !== 'any')) return null;
  const fields: [string, Check][] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const check = exactCheck(field);
    if (check === null) return null;
    fields.push([key, check]);
  }
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
    for (const [key, check] of fields) if (!check((v as Record<string, unknown>)[key])) return false;
    return true;
  };
}
