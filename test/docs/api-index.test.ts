// docs/api-index.md is only useful while it is true: each row must name a file that defines the
// method and sends the request the row says.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const index = readFileSync(new URL('docs/api-index.md', root), 'utf8');
const rows = [
  ...index.matchAll(
    /^\| `client\.([\w.]+)\(([^)]*)\)` +\| \[([^\]]+)\]\([^)]+\) +\| `(GET|POST) ([^`]+)` +\|/gm,
  ),
];

describe('docs/api-index.md', () => {
  it('lists all eleven operations', () => {
    expect(rows).toHaveLength(11);
  });

  it.each(rows.map((r) => [r[1], r[3], r[4], r[5]] as const))(
    '%s is defined in %s and sends %s %s',
    (method, file, verb, path) => {
      const source = readFileSync(new URL(file as string, root), 'utf8');
      const name = (method as string).split('.').at(-1) as string;
      expect(existsSync(new URL(file as string, root))).toBe(true);
      expect(source).toMatch(new RegExp(`^  ${name}\\(`, 'm'));
      // '/sms/messages/{message_id}' is written path`sms/messages/${{ messageId }}` in the source.
      const pattern = (path as string).slice(1).replace(/\{\w+\}/g, '\\$\\{\\{ \\w+ \\}\\}');
      expect(source).toMatch(new RegExp(`['\`]${pattern}['\`]`));
      expect(source).toMatch(verb === 'POST' ? /'POST'/ : /'GET'|this\._list\(/);
    },
  );
});
