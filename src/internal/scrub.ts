// How a credential may be spelt in what a server sends back or a library keeps: as
// written, percent-encoded in upper or lower case (an echoed URL or query), and in base64 (an
// echoed Basic header, a debug dump) at each of the three alignments a base64 blob can put it in.
// `scrub` replaces every one of them, in a text or, once parsed, in a JSON value; a call's errors
// (internal/call.ts) and the logger (internal/safe-logger.ts) scrub through this module.
import { parseJson } from './encoding.js';

/** Every spelling of `secret` to scrub (credentials are printable ASCII, checked by settings.ts). */
export function secretForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const forms = new Set([secret, encoded, encoded.replace(/%../g, (e) => e.toLowerCase())]);
  // After 0, 1 or 2 bytes of padding, the base64 characters made of the secret's bits alone; a
  // run shorter than 8 could match unrelated text.
  for (const pad of ['', '\0', '\0\0']) {
    const form = btoa(pad + secret).slice(pad ? 4 : 0, (((pad.length + secret.length) / 3) | 0) * 4);
    if (form.length > 7) forms.add(form);
  }
  return [...forms];
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
 * either case, and in base64 (`secretForms`).
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets)
    if (secret.length > 0) for (const form of secretForms(secret)) out = out.split(form).join('***');
  return out;
}

/**
 * A parsed JSON value with `scrub` applied to every string in it, keys included: an escaped
 * secret (`\/`, `\u002B`, `\"`) only shows its real spelling once parsed. Rebuilt with
 * `Object.fromEntries`, so an own `__proto__` key stays a plain key.
 */
export function scrubDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, secrets));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [scrub(k, secrets), scrubDeep(v, secrets)]),
  );
}

/**
 * The body an error keeps, every copy of a secret replaced: in the raw text, and again in each
 * string once parsed (a key written with JSON escapes only shows once decoded). Too deep a body
 * to walk is withheld rather than shown unscrubbed.
 */
export function scrubBody(text: string, secrets: readonly string[]): unknown {
  const body = parseJson(scrub(text, secrets));
  try {
    return scrubDeep(body, secrets);
  } catch {
    return '[too deep to scrub]';
  }
}

/** The raw text an error keeps, as sent unless a secret shows once it is parsed. */
export function scrubText(text: string, secrets: readonly string[]): string {
  const raw = scrub(text, secrets);
  // Without a backslash no JSON escape can spell a secret that the raw scrub missed.
  if (!raw.includes('\\')) return raw;
  const body = parseJson(raw);
  if (typeof body === 'string') return body === raw ? raw : JSON.stringify(scrub(body, secrets));
  if (typeof body !== 'object' || body === null) return raw;
  // One parse and one walk (linear in the body), re-serialized only when a decoded string held a secret.
  let changed = false;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const scrubbed = scrub(value, secrets);
      if (scrubbed !== value) changed = true;
      return scrubbed;
    }
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(clean);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [clean(k), clean(v)]));
  };
  try {
    const result = clean(body);
    return changed ? JSON.stringify(result) : raw;
  } catch {
    return '[too deep to scrub]';
  }
}
