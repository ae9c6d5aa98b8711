// Logging that is safe to leave on: credentials never reach it, and the personal data an SMS
// API carries (phone numbers, message text, template variables) is masked before it is written.
import type { Logger, LogLevel } from '../core/logger.js';
import { scrub, scrubDeep } from './scrub.js';
import { LOG_LEVELS as LEVELS } from './engine-kit.js';
import { cleanText } from '../core/engine-kit.js';

/** The longest log line written: the service's own text in it is already cut to 500 characters. */
const LINE_MAX = 2_000;

/** The client's logger: drops what is below the level, and scrubs credentials from the rest. */
export class SafeLogger {
  readonly #sink: Logger;
  readonly #secrets: readonly string[];
  readonly #level: number;
  constructor(sink: Logger, level: LogLevel, secrets: readonly string[]) {
    this.#sink = sink;
    this.#secrets = secrets;
    this.#level = LEVELS[level];
  }

  /** Whether messages at `level` are written; check it before building an expensive record. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return this.#level >= LEVELS[level];
  }

  log(level: Exclude<LogLevel, 'off'>, message: string, details?: Record<string, unknown>): void {
    if (!this.enabled(level)) return;
    // One line, whatever the service put in it: no control character, no forged line.
    const text = scrub(`[gateway-sdk] ${cleanText(message, LINE_MAX)}`, this.#secrets);
    // A log line never changes a call's outcome: a logger that throws is ignored (a created
    // message whose drift warning failed to write must still resolve).
    try {
      if (details === undefined) this.#sink[level](text);
      // Scrubbed once parsed: in JSON text a secret holding `"` or `\` is spelt otherwise.
      else this.#sink[level](text, scrubDeep(JSON.parse(JSON.stringify(mask(details))), this.#secrets));
    } catch {
      // Nowhere to report it: the logger is where a report would go.
    }
  }
}

// Of `unknown`, so that `mask` can look up an array's index or no key at all: neither is a field.
const REDACTED_FIELDS = new Set<unknown>([
  'secret',
  'variables',
  'authorization',
  'apiKey',
  'testApiKey',
  'accessToken',
]);
const PHONE = /(?<![\w-])\+?\d{8,15}(?![\w-])/g;

/** Masks phone numbers, message text, template variables and secrets in a log record. */
export function mask(value: unknown, key?: unknown): unknown {
  if (REDACTED_FIELDS.has(key)) return '[redacted]';
  if (typeof value === 'string') {
    // Message text (`message`, a request's `body`) is given as its length.
    if (key === 'message' || key === 'body') return `[${[...value].length} characters]`;
    return withoutQuery(value).replace(PHONE, maskPhone);
  }
  if (Array.isArray(value)) {
    // A bulk send has up to 10,000 recipients; a log line needs a count, not the list.
    return value.length > 5 ? [...value.slice(0, 3).map(mask), `… ${value.length} items`] : value.map(mask);
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mask(v, k);
    return out;
  }
  return value;
}

/**
 * The service's own words, for a log line: it may quote what was sent (`carrier rejected
 * 447700900123: "Your login code is 482913"`), so phone numbers are masked as in records, quoted
 * text becomes its length, and any other run of 4 or more digits (a code) is starred. Linear
 * whatever the input: a `“` quote ends at the next `“` or `”`, so an unclosed one is scanned past once,
 * not again from every later `“`; an unclosed `"` can only fail once, as no `"` follows it.
 */
export function maskText(text: string): string {
  // Bounded too: a log line quotes at most LINE_MAX characters.
  return cleanText(text, LINE_MAX)
    .replace(PHONE, maskPhone)
    .replace(/"[^"]*"|“[^“”]*”/g, (q) => `"[${[...q].length - 2} characters]"`)
    .replace(/\d{4,}/g, (d) => '*'.repeat(d.length));
}

/**
 * Every URL in `text` without its query and fragment (`https://app.example/hook?token=abc` becomes
 * `https://app.example/hook?…`): a callback URL's query often carries a token of the app's. Linear: one split on whitespace, each word cut once.
 */
export function withoutQuery(text: string): string {
  if (!/[?#]/.test(text)) return text;
  return text
    .split(/(\s+)/)
    .map((word) => {
      const cut = word.includes('://') ? word.search(/[?#]/) : -1;
      return cut === -1 ? word : `${word.slice(0, cut)}?…`;
    })
    .join('');
}

/** '+447700900123' becomes '+44********23': a match of PHONE, so 8 digits or more. */
export function maskPhone(phone: string): string {
  // The first two digits are kept, after the `+` if there is one.
  const kept = phone.startsWith('+') ? 3 : 2;
  return phone.slice(0, kept) + '*'.repeat(phone.length - kept - 2) + phone.slice(-2);
}
