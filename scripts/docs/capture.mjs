// Loaded before a doc snippet runs (scripts/docs/snippets.ts): records what each line of the
// snippet prints through console, so its `//=>` comments can be checked, and writes the record
// to DOCS_SNIPPET_OUT when the process exits.
import { writeFileSync } from 'node:fs';
import { format } from 'node:util';

const file = process.env.DOCS_SNIPPET_FILE ?? '';
const out = process.env.DOCS_SNIPPET_OUT ?? '';
const printed = [];

for (const method of ['log', 'info', 'warn', 'error']) {
  const original = console[method].bind(console);
  console[method] = (...args) => {
    const text = format(...args);
    // The first stack frame in the snippet's module is the line that printed.
    const frame = (new Error().stack ?? '').split('\n').find((l) => l.includes(file));
    const match = /:(\d+):\d+\)?$/.exec(frame ?? '');
    if (match) printed.push({ line: Number(match[1]), text });
    original(...args);
  };
}

process.on('exit', () => {
  if (out) writeFileSync(out, JSON.stringify(printed));
});
