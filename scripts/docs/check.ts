// `npm run docs:check`: every ```ts block of the README and docs/*.md is type-checked, and those
// that need only the mock are run, with their `//=>` results checked (scripts/docs/snippets.ts has
// the conventions). Lists the blocks that are type-checked only, with the reason, and ends with
// `docs: N snippets type-checked, M run, F failed`. Arguments, if any, replace the Markdown files.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSnippets, PLANTED_ERROR, PLANTED_GUIDE, runSnippets, typeCheckSnippets } from './snippets.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const docs =
  args.length > 0
    ? args
    : [
        'README.md',
        ...readdirSync(join(root, 'docs'))
          .filter((f) => f.endsWith('.md'))
          .sort()
          .map((f) => `docs/${f}`),
      ];

const snippets = extractSnippets(root, docs, join(root, '.tmp/snippets'));
// The checker proves itself in the same program (no second tsc run): a planted guide's one wrong
// block must be reported, at its line, and nothing else of it.
const planted = '.tmp/docs-planted/guide.md';
mkdirSync(join(root, '.tmp/docs-planted'), { recursive: true });
writeFileSync(join(root, planted), PLANTED_GUIDE);
const plantedSnippets = extractSnippets(root, [planted], join(root, '.tmp/docs-planted/out'));
const allErrors = typeCheckSnippets(root, [...snippets, ...plantedSnippets]);
const typeErrors = allErrors.filter((e) => e.doc !== planted);
const plantedErrors = allErrors
  .filter((e) => e.doc === planted)
  .map(({ line, message }) => ({ line, message }));
if (JSON.stringify(plantedErrors) !== JSON.stringify([PLANTED_ERROR])) {
  console.log(
    `FAIL  the checker itself: on a planted guide it reported ${JSON.stringify(plantedErrors)}, not ${JSON.stringify([PLANTED_ERROR])}`,
  );
  process.exitCode = 1;
}
const runFailures = await runSnippets(root, snippets);

for (const s of snippets) {
  const where = `${s.doc}:${s.line}`;
  if (s.skipped !== null) console.log(`skip  ${where}: not checked (${s.skipped})`);
  else if (s.typeOnly !== null) console.log(`type  ${where}: type-checked only (${s.typeOnly})`);
  else console.log(`run   ${where}: type-checked and run, ${s.expectations.length} result(s) checked`);
}
const failures = [...typeErrors, ...runFailures];
for (const f of failures) console.log(`FAIL  ${f.doc}:${f.line}: ${f.message}`);
const failedBlocks = new Set(
  failures.map((f) => {
    const s = snippets.filter((x) => x.doc === f.doc && x.line <= f.line).at(-1);
    return s ? s.file : `${f.doc}:${f.line}`;
  }),
);
const checked = snippets.filter((s) => s.skipped === null).length;
const ran = snippets.filter((s) => s.skipped === null && s.typeOnly === null).length;
console.log(`docs: ${checked} snippets type-checked, ${ran} run, ${failedBlocks.size} failed`);
if (failures.length > 0) process.exitCode = 1;
