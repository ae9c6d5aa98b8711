// Text the service wrote, made safe to print: it reaches error messages, log lines and the CLI,
// where a `\n` forges a log line and an ESC or C1 sequence drives the terminal (colours, OSC-8
// links, a cleared screen). The full text always stays where it came from (`error.body`).
// The one control-character set for all printed text (errors, logs, the CLI). This module imports
// nothing: the client's errors (client-errors.ts), the logger, the call and the CLI use it. Not
// exported by any entry.

/** How many characters of the service's text a message or log line quotes: the rest is in `error.body`. */
export const TEXT_MAX = 500;

/**
 * C0 controls, DEL and C1 controls (ESC and CSI start terminal sequences; the rest of a sequence is
 * then plain printable text), the line and paragraph separators (a line break to JavaScript and to
 * many log viewers), and every bidirectional mark, embedding, override and isolate (the Arabic
 * letter mark, LRM/RLM, LRE-RLO, LRI-PDI) that reorders what a terminal shows.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this regex's job
export const CONTROL_CHARS = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SPACE = /[\t\n\v\f\r]/g;

/**
 * `text` with line breaks and tabs as spaces, every other control character as U+FFFD, and cut
 * to `max` characters with `…`. One pass over at most `max` + 1 characters: linear and bounded
 * whatever the input's length.
 */
export function cleanText(text: string, max = TEXT_MAX): string {
  let cut = text.slice(0, max);
  // A cut through a surrogate pair would leave half a character: its high half is dropped.
  if (cut.length < text.length) cut = cut.replace(/[\ud800-\udbff]$/, '');
  cut = cut.replace(SPACE, ' ').replace(CONTROL_CHARS, '\ufffd');
  return cut.length < text.length ? `${cut}…` : cut;
}

/**
 * `text` with every control character but tab and newline written as an escape (`\x1b`,
 * `\u2028`), for a terminal that shows text from elsewhere: whole, but inert.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROL_CHARS, (c) => {
    if (c === '\t' || c === '\n') return c;
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
