// How a request's query and JSON body go on the wire, and how a JSON answer is read back, all
// checked before any I/O (path parameters: path.ts; the schemas: schema.ts).
import { ValidationError } from '../core/engine-kit.js';

/** JSON when it parses, the text itself when not (an HTML error page, a truncated body). */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `?a=1&b=2` from the defined values, or `''`; a lone surrogate is refused. */
export function queryString(query: Record<string, string | number | undefined> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // URLSearchParams would send a lone surrogate as U+FFFD: another value than the one given.
    if (typeof value === 'string' && LONE_SURROGATE.test(value))
      throw invalid([key], 'must be valid Unicode text (it holds half of a surrogate pair)');
    params.append(key, String(value));
  }
  const text = params.toString();
  return text && `?${text}`;
}

const LONE_SURROGATE = /\p{Cs}/u;

function invalid(path: string[], problem: string): ValidationError {
  return new ValidationError(`${path.join('.') || 'The request body'} ${problem}. Nothing was sent.`, [
    { path, message: problem },
  ]);
}

/**
 * The body as JSON, before any I/O: a BigInt or a circular reference would otherwise fail inside
 * ky as JSON.stringify's TypeError, and a `toJSON()` method would replace the fields that were
 * validated with whatever it returns, so it is refused (docs/decisions/body-serialized-once.md).
 */
export function wireJson(body: unknown): string {
  if (typeof (body as { toJSON?: unknown }).toJSON === 'function')
    throw invalid(
      [],
      'has a toJSON() method, which would replace its fields on the wire: pass a plain object',
    );
  try {
    return JSON.stringify(body);
  } catch {
    throw invalid([], 'holds a BigInt or a circular reference: pass plain JSON values');
  }
}
