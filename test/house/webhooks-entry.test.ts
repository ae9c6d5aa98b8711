// The built package keeps one copy of the errors' base (GatewayError and the errors a receiver
// throws), in dist/webhooks.js, which is one self-contained file (a receiver's cold start loads one
// module); the other entries import those classes from it (scripts/package/webhooks-entry.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as errors from '../../src/core/errors.js';
import * as webhooks from '../../src/webhooks.js';
import { builtPackage } from '../helpers/cli-build.js';

/** Every `.js` and `.cjs` file under `dir`, as paths relative to it. */
function builtFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.c?js$/.test(f));
}

/** The relative specifiers `code` imports, requires or re-exports. */
function specifiers(code: string): string[] {
  return [...code.matchAll(/(?:from\s*|import\s*\(?\s*|require\(\s*)["'](\.{1,2}\/[^"']+)["']/g)].map(
    (m) => m[1] as string,
  );
}

describe('the webhooks entry serves the other entries', () => {
  it('src/webhooks.ts exports every value of core/errors.ts, as it is', () => {
    const names = Object.keys(errors);
    expect(names).toEqual(
      expect.arrayContaining(['GatewayError', 'ConfigurationError', 'WebhookVerificationError']),
    );
    const exported = webhooks as Record<string, unknown>;
    for (const name of names) expect(exported[name], name).toBe((errors as Record<string, unknown>)[name]);
  });

  it('dist/webhooks.js and .cjs import no other file of the package', () => {
    const dir = builtPackage();
    for (const file of ['webhooks.js', 'webhooks.cjs'])
      expect(specifiers(readFileSync(join(dir, file), 'utf8')), file).toEqual([]);
  });

  it('every other file reaches the webhooks entry of its own format, by a path that exists', () => {
    const dir = builtPackage();
    const files = new Set(builtFiles(dir));
    let reached = 0;
    for (const file of files) {
      const code = readFileSync(join(dir, file), 'utf8');
      expect(code, file).not.toContain('gateway-sdk:webhooks-entry');
      for (const spec of specifiers(code)) {
        const target = relative(dir, join(dir, file, '..', spec));
        expect(files.has(target), `${file} imports ${spec}`).toBe(true);
        if (/^webhooks\.c?js$/.test(target)) {
          reached++;
          expect(target.endsWith('.cjs'), `${file} imports ${spec}`).toBe(file.endsWith('.cjs'));
        }
      }
    }
    // index, campaigns and testing in both formats, at least.
    expect(reached).toBeGreaterThanOrEqual(6);
  });
});
