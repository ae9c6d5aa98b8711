// Scans everything a user could print for a secret: each error's message, stack, toJSON(),
// body and util.inspect() view (which follows `cause`), and every log line.
import { inspect } from 'node:util';

/** Where `secret` shows up; empty when nowhere. */
export function findLeaks(
  secret: string,
  errors: readonly unknown[],
  logLines: readonly string[] = [],
): string[] {
  const found: string[] = [];
  errors.forEach((error, i) => {
    const e = (error ?? {}) as { name?: unknown; message?: unknown; stack?: unknown; body?: unknown };
    const views: [string, string][] = [
      ['message', String(e.message)],
      ['stack', String(e.stack)],
      ['JSON.stringify', JSON.stringify(error) ?? ''],
      ['String(body)', String(e.body)],
      ['JSON.stringify(body)', JSON.stringify(e.body) ?? ''],
      ['util.inspect', inspect(error, { depth: 8 })],
    ];
    for (const [where, text] of views)
      if (text.includes(secret)) found.push(`error #${i} (${String(e.name)}): ${where}`);
  });
  logLines.forEach((line, i) => {
    if (line.includes(secret)) found.push(`log line #${i}`);
  });
  return found;
}
