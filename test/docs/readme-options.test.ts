// The README's options table and `ClientOptions` (read with the TypeScript compiler, not a regex)
// name the same fields, so an option added later without a row fails here.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

/** The property names of `interface ClientOptions` in src/core/options.ts. */
function clientOptionFields(): string[] {
  const path = new URL('src/core/options.ts', root);
  const source = ts.createSourceFile('options.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const fields: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== 'ClientOptions') continue;
    for (const member of statement.members)
      if (ts.isPropertySignature(member) && ts.isIdentifier(member.name)) fields.push(member.name.text);
  }
  return fields;
}

/** The first-column option names of the table under the README's "## Configuration". */
function readmeOptionRows(readme: string): string[] {
  const start = readme.indexOf('\n## Configuration\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const rows: string[] = [];
  for (const line of section.split('\n')) {
    const name = /^\|\s*`(\w+)`\s*\|/.exec(line)?.[1];
    if (name !== undefined) rows.push(name);
  }
  return rows;
}

describe("README's options table", () => {
  it('lists every ClientOptions field, and only those', () => {
    const fields = clientOptionFields();
    // A parse that found nothing would make the comparison below vacuous.
    expect(fields.length).toBeGreaterThan(10);
    expect(fields).toContain('maxResponseBytes');
    const rows = readmeOptionRows(readFileSync(new URL('README.md', root), 'utf8'));
    expect([...rows].sort()).toEqual([...fields].sort());
  });

  it('reads a table that lacks a field as lacking it', () => {
    // The check itself can fail: a table without the maxResponseBytes row is told apart.
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const without = readme
      .split('\n')
      .filter((line) => !line.startsWith('| `maxResponseBytes`'))
      .join('\n');
    expect(readmeOptionRows(without)).not.toContain('maxResponseBytes');
    expect(readmeOptionRows(without).length).toBe(clientOptionFields().length - 1);
  });
});

describe("README's Types section", () => {
  it('says which objects the reference leaves unshaped, and points to docs/webhooks.md', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const start = readme.indexOf('\n## Types\n');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    expect(section).toMatch(/leaves unshaped/);
    for (const type of ['payment_intent.succeeded', 'refund.succeeded', 'payment.succeeded'])
      expect(section).toContain(type);
    expect(section).toContain('Record<string, unknown>');
    expect(section).toContain('docs/webhooks.md');
  });
});
