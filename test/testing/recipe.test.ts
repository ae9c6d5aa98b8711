// The "Test your Express app" recipe of docs/testing.md, run as written: the block after
// `<!-- recipe: express -->` is copied out and imported here, so its describe/it blocks run as
// part of this file (and a recipe that stops working fails CI). The recipe listens the msw 3 way
// (its code is type-checked against the repository's msw 3); so that it runs the same under msw 2
// (the suite on Node 20, or GATEWAY_MSW=2), the copy also passes allowLoopback under msw 2's name,
// which msw 3 ignores.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const doc = readFileSync(join(root, 'docs/testing.md'), 'utf8');
const match = /<!-- recipe: express -->\s*```ts\n([\s\S]*?)\n```/.exec(doc);
const MSW3_LISTEN = '{ onUnhandledFrame: allowLoopback }';
const code = (match?.[1] ?? '').replace(
  MSW3_LISTEN,
  '{ onUnhandledRequest: allowLoopback, onUnhandledFrame: allowLoopback }',
);

it('finds the recipe in docs/testing.md', () => {
  expect(code).toContain("from 'express'");
  expect(code).toContain('allowLoopback');
  expect(code).toContain("from 'gateway-sdk/testing/msw'");
  expect(match?.[1]).toContain(`msw.listen(${MSW3_LISTEN})`);
});

// The recipe's last test makes MSW print its refusal of the unexpected request, as it would in the
// user's own run: captured here and asserted, so a passing suite prints nothing that reads as a failure.
const printed: string[] = [];
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
});
afterAll(() => {
  vi.mocked(console.error).mockRestore();
});

if (code !== '') {
  const dir = join(root, '.tmp/recipes');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'express-app.test.ts');
  writeFileSync(file, `${code}\n`);
  await import(/* @vite-ignore */ file);
}

it("prints MSW's refusal of the unexpected request, and nothing else", () => {
  expect(printed.join('\n')).toContain('https://unexpected.example.com/');
  expect(printed.filter((line) => !line.includes('https://unexpected.example.com/'))).toEqual([]);
});
