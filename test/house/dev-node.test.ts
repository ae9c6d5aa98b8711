// The README's set-up names the Node versions development needs; every installed development
// dependency must accept each of them, so `npm install` there prints no EBADENGINE warning.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string }; os?: string[]; cpu?: string[]; libc?: string[] }>;
};

/** The lowest version of each line the README names: "Node 22.20+, 24.12+ or 26+" -> 22.20.0, 24.12.0, 26.0.0. */
function namedVersions(): string[] {
  const sentence = /Development needs Node ([\d.+, or]+):/.exec(readme)?.[1] ?? '';
  return [...sentence.matchAll(/(\d+)(?:\.(\d+))?\+/g)].map(([, major, minor]) => `${major}.${minor ?? 0}.0`);
}

it('names the Node versions development needs in the set-up', () => {
  expect(namedVersions().length).toBeGreaterThan(0);
});

it('names only versions that every development dependency installed here accepts', () => {
  const refused: string[] = [];
  for (const version of namedVersions())
    for (const [name, pkg] of Object.entries(lock.packages)) {
      const wanted = pkg.engines?.node;
      // Platform packages npm would not install on this machine are not asked.
      if (name === '' || wanted === undefined) continue;
      if (pkg.os !== undefined && !pkg.os.includes(process.platform)) continue;
      if (pkg.cpu !== undefined && !pkg.cpu.includes(process.arch)) continue;
      if (pkg.libc !== undefined && !pkg.libc.includes('glibc')) continue;
      if (!semver.satisfies(version, wanted)) refused.push(`${version}: ${name} wants ${wanted}`);
    }
  expect(refused).toEqual([]);
});
