// Scans everything a user could print for a secret: each error's message, stack, toJSON(),
// body and util.inspect() view (which follows `cause`), every header and the request id an
// error keeps, and every log line. Each view is searched for the secret as written and as a
// JSON encoder may write it (`\"`, `\\`, `\/`, `\u002B`, every character as `\uXXXX`), so a
// body that was scrubbed before parsing but not after is caught too.
import { inspect } from 'node:util';

/** The spellings of `secret` a JSON encoder (PHP, .NET, Go, JSON.stringify) may produce. */
export function secretSpellings(secret: string): string[] {
  const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const spellings = [
    secret,
    JSON.stringify(secret).slice(1, -1),
    JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
    secret.replace(/[+&<>'/]/g, u),
    secret.replace(/[+&<>'/]/g, (c) => u(c).toUpperCase().replace('\\U', '\\u')),
    [...secret].map(u).join(''),
    encodeURIComponent(secret),
  ];
  return [...new Set(spellings)];
}

/** Where `secret` shows up; empty when nowhere. */
export function findLeaks(
  secret: string,
  errors: readonly unknown[],
  logLines: readonly string[] = [],
): string[] {
  const found: string[] = [];
  const spellings = secretSpellings(secret);
  const leaks = (text: string) => spellings.some((s) => text.includes(s));
  errors.forEach((error, i) => {
    const e = (error ?? {}) as {
      name?: unknown;
      message?: unknown;
      stack?: unknown;
      body?: unknown;
      headers?: unknown;
      requestId?: unknown;
    };
    const views: [string, string][] = [
      ['message', String(e.message)],
      ['stack', String(e.stack)],
      ['JSON.stringify', JSON.stringify(error) ?? ''],
      ['String(body)', String(e.body)],
      ['JSON.stringify(body)', JSON.stringify(e.body) ?? ''],
      ['requestId', String(e.requestId)],
      ['util.inspect', inspect(error, { depth: 8 })],
      ['util.inspect(showHidden)', inspect(error, { depth: 8, showHidden: true })],
    ];
    if (e.headers instanceof Headers) {
      for (const [name, value] of e.headers) views.push([`headers[${name}]`, `${name}: ${value}`]);
      for (const cookie of e.headers.getSetCookie()) views.push(['headers.getSetCookie()', cookie]);
    }
    for (const [where, text] of views)
      if (leaks(text)) found.push(`error #${i} (${String(e.name)}): ${where}`);
  });
  logLines.forEach((line, i) => {
    if (leaks(line)) found.push(`log line #${i}`);
  });
  return found;
}
