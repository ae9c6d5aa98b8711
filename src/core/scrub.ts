// How a credential may be spelt in what a server sends back or a library keeps (issue 26): as
// written, percent-encoded in upper or lower case (a URL, a query echoed into a redirect), and in
// base64 (an echoed Basic header, a token in a debug dump) at any of the three alignments a
// base64 blob can put it in. `scrub` (core/logger.ts) replaces every one of them.
import { cleanText } from './text.js';

const FORMS = new Map<string, string[]>();
/** A base64 run shorter than this could match unrelated text. */
const MIN_FORM = 8;

/** Every spelling of `secret` to scrub, longest first; computed once per secret. */
export function secretForms(secret: string): string[] {
  let forms = FORMS.get(secret);
  if (forms !== undefined) return forms;
  const upper = encodeURIComponent(secret);
  const found = new Set([secret, upper, upper.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())]);
  if (typeof btoa === 'function' && /^[\x20-\x7e]+$/.test(secret)) {
    for (let shift = 0; shift < 3; shift++) {
      // After `shift` bytes of padding, the characters wholly made of the secret's bits.
      const b64 = btoa('\0'.repeat(shift) + secret);
      const start = shift === 0 ? 0 : 4;
      const end = Math.floor((shift + secret.length) / 3) * 4;
      const form = b64.slice(start, end);
      if (form.length >= MIN_FORM) found.add(form);
    }
  }
  forms = [...found].sort((a, b) => b.length - a.length);
  if (FORMS.size > 64) FORMS.clear();
  FORMS.set(secret, forms);
  return forms;
}

/** What a connection error keeps of its cause chain (at most this deep). */
const CAUSE_DEPTH = 4;

/**
 * A copy of an underlying error that is safe to print: its name, its message cleaned and
 * scrubbed, and its `code` (`ECONNREFUSED`), with the same for its own cause. undici's errors keep
 * raw response bytes (`data`), sockets and headers, which may hold an echoed credential:
 * `util.inspect(err)` (what `console.error(err)` prints) would show them, so they are dropped.
 */
export function safeCause(
  error: unknown,
  scrub: (text: string) => string,
  depth = CAUSE_DEPTH,
): Error | undefined {
  if (depth === 0 || !(error instanceof Error)) return undefined;
  const copy = new Error(scrub(cleanText(error.message)), {
    cause: safeCause(error.cause, scrub, depth - 1),
  });
  copy.name = cleanText(error.name, 100);
  copy.stack = `${copy.name}: ${copy.message}`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code: scrub(cleanText(code, 100)) });
  return copy;
}
