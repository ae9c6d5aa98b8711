// How a credential may be spelt in what a server sends back or a library keeps (issue 26): as
// written, percent-encoded in upper or lower case (an echoed URL or query), and in base64 (an
// echoed Basic header, a debug dump) at each of the three alignments a base64 blob can put it in.
// `scrub` (core/logger.ts) replaces every one of them.

/** Every spelling of `secret` to scrub (credentials are printable ASCII, checked by options.ts). */
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
