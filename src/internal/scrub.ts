// How a credential may be spelt in what a server sends back or a library keeps: as written,
// percent-encoded in upper or lower case (an echoed URL or query), in base64 (an echoed Basic
// header, a debug dump) at each of the three alignments a base64 blob can put it in, and with
// JSON's escapes (a key holding `"` or `\`, quoted once or twice), and for a key holding other
// characters, any mixture of their encodings (`spellingPattern`). `scrub` replaces every one of
// them, in a text or, once parsed, in a JSON value; a call's errors (internal/call.ts) and the
// logger (internal/safe-logger.ts) scrub through this module.
//
// An error body comes from the server, up to `maxResponseBytes`: the work on it is linear with a
// small constant and bounded. Each credential's forms are computed once, the raw text is scanned
// once per form, a parsed body is walked only when a JSON escape could hide a form, and a body
// past BODY_LIMIT characters (or SCRUBBED_STRINGS strings) is withheld rather than kept.
import { cleanText, errorFields } from '../core/engine-kit.js';
import { otherShape } from '../core/status-error.js';
import { parseJson } from './encoding.js';
import { MIB } from '../limits.js';

/** The longest error body kept, in characters: a longer one is withheld (its size is given). */
export const BODY_LIMIT = MIB;
/** The most strings a parsed error body may hold to be kept: each one is checked for every form. */
export const SCRUBBED_STRINGS = 100_000;

/** A character's code in hex: two digits, as a credential's characters are printable ASCII (settings.ts). */
const hex = (c: string): string => c.charCodeAt(0).toString(16);

/**
 * Every spelling of `secret` to scrub (credentials are printable ASCII, checked by settings.ts): the
 * pattern for the ones an encoder spells character by character (`spellingPattern`) last.
 */
export function secretForms(secret: string): Form[] {
  const hexes = [...secret].map(hex);
  const hexed = hexes.join('');
  const forms = new Set<Form>([
    // Every character as \uXXXX, as some encoders write a string they think unsafe.
    `\\u00${hexes.join('\\u00')}`,
    // Its bytes in hex, in either case, as a debug dump or a hash-like echo writes them.
    ...[hexed, hexed.toUpperCase()],
  ]);
  // After 0, 1 or 2 bytes of padding, the base64 characters made of the secret's bits alone; a
  // run shorter than 8 could match unrelated text.
  for (const pad of ['', '\0', '\0\0']) {
    const form = btoa(pad + secret).slice(pad ? 4 : 0, (((pad.length + secret.length) / 3) | 0) * 4);
    if (form.length > 7) forms.add(form);
  }
  // As written, percent-encoded and JSON-escaped are spellings of the pattern; without one, every
  // such spelling is the secret as written.
  forms.add(spellingPattern(secret) ?? secret);
  return [...forms];
}

/** Named HTML entities an encoder may write for the characters a credential can hold. */
const ENTITIES: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
  '+': 'plus',
  '/': 'sol',
  '=': 'equals',
};

/** A hex number as a pattern that matches it in either case (`2b`, `2B`). */
const anyCase = (hex: string): string => hex.replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);

/**
 * One pattern for every other way an encoder may spell `secret`, character by character, in any
 * mixture: each character outside `[A-Za-z0-9_.~-]` (which no URL encoder changes) as itself,
 * percent-encoded in either case (`%2f`, `%2F`, Python's `quote()` leaving `/` as is), as a hex
 * escape (`\x2b`, `\u002B`), as an HTML entity (`&#43;`, `&#x2B;`, `&plus;`), or JSON-escaped once
 * or twice (`\/`, `\"`, `\\\"`); each other character as itself or `\u00XX`. Undefined when the
 * secret has no such character: its forms above are then every spelling. No quantifier but `0*`
 * before a digit, so it runs in linear time.
 */
export function spellingPattern(secret: string): RegExp | undefined {
  if (/^[A-Za-z0-9_.~-]*$/.test(secret)) return undefined;
  const parts = [...secret].map((c) => {
    const anyHex = anyCase(hex(c));
    // As \uXXXX too, so that the pattern matches the secret wholly spelt so, not only its end.
    if (/[A-Za-z0-9_.~-]/.test(c)) return `(?:\\\\u00${anyHex}|${c})`;
    const literal = c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
    const entity = ENTITIES[c];
    let spellings = `%${anyHex}|\\\\x${anyHex}|\\\\u00${anyHex}|&#0*${c.charCodeAt(0)};|&#[xX]0*${anyHex};`;
    if (entity) spellings += `|&${entity};`;
    // JSON-escaped twice (a string quoted in a string), then once: `\\\"`, `\"`, `\/`.
    if (/["\\]/.test(c)) spellings += `|\\\\\\\\\\\\${literal}`;
    if (/["\\/]/.test(c)) spellings += `|\\\\${literal}`;
    // As written last: of two spellings at the same place, the longer is replaced (`%25`, not `%`).
    return `(?:${spellings}|${literal})`;
  });
  return new RegExp(parts.join(''), 'g');
}

// Forms by secret, so a client's credential is spelt out once, not on every string of every
// body. Bounded: a process that makes clients for many tenants starts the cache over.
const FORMS = new Map<string, readonly Form[]>();
/** A spelling to replace: a string, or the pattern for the mixed ones (`spellingPattern`). */
type Form = string | RegExp;
/** How many credentials' forms are kept before the cache starts over. */
const FORMS_KEPT = 64;

function formsOf(secrets: readonly string[]): Form[] {
  const all = new Set<string>();
  const patterns: RegExp[] = [];
  for (const secret of secrets) {
    let forms = FORMS.get(secret);
    if (!forms) {
      if (FORMS.size >= FORMS_KEPT) FORMS.clear();
      forms = secret ? secretForms(secret) : [];
      FORMS.set(secret, forms);
    }
    for (const form of forms)
      if (typeof form === 'string') all.add(form);
      else patterns.push(form);
  }
  // Longest first: a spelling is replaced whole before a shorter one inside it (a longer secret's
  // pattern, then the fixed spellings).
  return [
    ...patterns.sort((a, b) => b.source.length - a.source.length),
    ...[...all].sort((a, b) => b.length - a.length),
  ];
}

function scrubWith(text: string, forms: readonly Form[]): string {
  let out = text;
  // A string form is looked for first: replaceAll takes twice as long to find nothing.
  for (const form of forms)
    if (typeof form !== 'string') out = out.replace(form, '***');
    else if (out.includes(form)) out = out.replaceAll(form, '***');
  return out;
}

/**
 * A copy of an underlying error that is safe to print: its name, `code` (`ECONNREFUSED`) and
 * message passed through `clean`, and the same for its cause, at most 4 deep. undici's errors keep
 * raw response bytes (`data`), sockets and headers, which may hold an echoed credential and which
 * `util.inspect(err)` (what `console.error(err)` prints) would show: they are dropped.
 */
export function safeCause(error: unknown, clean: (text: string) => string, depth = 4): Error | undefined {
  if (!depth || !(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  const copy = Object.assign(
    new Error(clean(error.message), { cause: safeCause(error.cause, clean, depth - 1) }),
    {
      name: clean(error.name),
      code: typeof code === 'string' ? clean(code) : undefined,
    },
  );
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/**
 * Replaces every occurrence of each secret in `text` with `***`: as written, percent-encoded in
 * either case, JSON-escaped, and in base64 (`secretForms`).
 */
export function scrub(text: string, secrets: readonly string[]): string {
  return scrubWith(text, formsOf(secrets));
}

/**
 * A parsed JSON value with `scrub` applied to every string in it, keys included: an escaped
 * secret (`\/`, `\u002B`, `\"`) only shows its real spelling once parsed. Rebuilt with
 * `Object.fromEntries`, so an own `__proto__` key stays a plain key.
 */
export function scrubDeep(value: unknown, secrets: readonly string[]): unknown {
  return walk(value, formsOf(secrets), { n: -Infinity, changed: false });
}

/**
 * `scrubDeep`'s walk, counting strings in `seen.n` (past SCRUBBED_STRINGS it throws, as a body too
 * deep does) and noting in `seen.changed` whether any string held a form.
 */
function walk(value: unknown, forms: readonly Form[], seen: { n: number; changed: boolean }): unknown {
  if (typeof value === 'string') {
    if (++seen.n > SCRUBBED_STRINGS) throw new RangeError();
    const out = scrubWith(value, forms);
    if (out !== value) seen.changed = true;
    return out;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => walk(v, forms, seen));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [walk(k, forms, seen), walk(v, forms, seen)]),
  );
}

/** What an error keeps of a body: the body, or, when it was withheld, its size in UTF-8 bytes. */
export interface KeptBody<T> {
  body: T;
  bodyWithheld: number | undefined;
}

/**
 * The body an error keeps (parsed JSON, else the text), every copy of a secret replaced: in the
 * raw text, and where a JSON escape could hide one, in every string once parsed. A body too large,
 * too deep or with too many strings to check in bounded time is withheld: `body` is undefined and
 * `bodyWithheld` its size. `asText` gives the text instead: as sent, unless a secret showed once
 * parsed (then the scrubbed value re-serialized), and `''` when withheld.
 */
export function scrubBody(text: string, secrets: readonly string[]): KeptBody<unknown>;
export function scrubBody(text: string, secrets: readonly string[], asText: true): KeptBody<string>;
export function scrubBody(text: string, secrets: readonly string[], asText?: true): KeptBody<unknown> {
  const forms = formsOf(secrets);
  const seen = { n: 0, changed: false };
  try {
    if (text.length > BODY_LIMIT) throw new RangeError();
    const raw = scrubWith(text, forms);
    // Without a backslash no JSON escape can spell a form that the raw scan missed.
    const escaped = raw.includes('\\');
    if (asText && !escaped) return { body: raw, bodyWithheld: undefined };
    const parsed = parseJson(raw);
    const body = escaped ? walk(parsed, forms, seen) : parsed;
    return { body: !asText ? body : seen.changed ? JSON.stringify(body) : raw, bodyWithheld: undefined };
  } catch {
    return { body: asText && '', bodyWithheld: new TextEncoder().encode(text).byteLength };
  }
}

/**
 * What an error keeps of a body it withheld: the service's `code` and message (the same reading
 * `errorFields` gives a kept body, so the class and the retry decision agree), each scrubbed whole
 * and then cut. Linear: one parse and two strings scanned, whatever the body holds.
 */
export function withheldFields(
  text: string,
  secrets: readonly string[],
): { code: string | undefined; message: string | undefined } {
  // A body that is no JSON is read as its text, which has neither field.
  const parsed = parseJson(text);
  const { code, message } = otherShape(parsed) ?? errorFields(parsed);
  const forms = formsOf(secrets);
  // Scrubbed before the cut: a cut first could keep the start of a credential.
  const kept = (value: string | undefined, max: number) =>
    value === undefined ? undefined : cleanText(scrubWith(value, forms), max);
  return { code: kept(code, 100), message: kept(message, 500) };
}
