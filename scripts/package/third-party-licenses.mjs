// Writes dist/THIRD-PARTY-LICENSES: tsup bundles ky and zod into dist/ (the package installs no
// runtime dependency, docs/decisions/bundled-dependencies.md), and their MIT licences require the notice to ship with
// the copies. Run by `npm run build` after tsup; `npm run check:package` checks the tarball has it.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The packages bundled into dist/, and their licence file's name. */
const BUNDLED = [
  ['ky', 'license'],
  ['zod', 'LICENSE'],
];

const parts = ['gateway-sdk bundles the following packages into dist/. Their licences follow.\n'];
for (const [name, file] of BUNDLED) {
  // The copy tsup bundled: the one installed at the top of node_modules (ky 2 exports no package.json).
  const dir = join(root, 'node_modules', name);
  const { version, license, repository } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const repo = typeof repository === 'string' ? repository : repository?.url;
  parts.push(
    `${'-'.repeat(78)}\n${name}@${version} (${license})${repo ? `: ${repo}` : ''}\n\n` +
      readFileSync(join(dir, file), 'utf8').trim() +
      '\n',
  );
}
writeFileSync(join(root, 'dist', 'THIRD-PARTY-LICENSES'), parts.join('\n'));
console.log(`dist/THIRD-PARTY-LICENSES: ${BUNDLED.map(([n]) => n).join(', ')}`);
