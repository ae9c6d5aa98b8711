// Imports run down: a file in src/ may import its own floor or a lower one, never a higher one, so
// the code reads from the bottom up and a definition two wings share sits below both. Every
// relative specifier counts: static imports, `import type`, `export … from`, dynamic `import()`
// and `import('…')` types. Examples use the package as users do, through its entries only.
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file's folder's parent, whatever folder ESLint runs from. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The floors, lowest first: a folder (`core/`) or a file without its extension (`limits`), as a
 * path under src/; a path takes the floor of the longest name it falls under. Inside resources/,
 * the models and the operation table sit below the engine, the engine below the resource base,
 * and the resource classes above them all.
 */
const FLOORS = [
  ['limits', 'version'],
  ['core/'],
  ['internal/'],
  ['resources/models/', 'resources/operations'],
  ['resources/engine'],
  ['resources/resource'],
  ['resources/'],
  ['webhooks/', 'webhooks'],
  ['client'],
  ['index'],
  ['campaigns/', 'otel/'],
  ['testing/'],
  ['cli/'],
];

const FLOOR_LIST = FLOORS.map((names) =>
  names.map((name) => `src/${name}${name.endsWith('/') ? '' : '.ts'}`).join(', '),
).join(' → ');

/** The files under src/ a package entry is built from: all an example may import. */
const ENTRIES = new Set([
  'index',
  'webhooks',
  'campaigns/index',
  'otel/index',
  'testing/index',
  'testing/msw/index',
]);

/** `file` relative to `dir`, `/`-separated, or undefined when it is not inside it. */
function inside(dir, file) {
  const rel = relative(resolve(ROOT, dir), file);
  if (rel === '' || rel.startsWith('..') || resolve(rel) === rel) return undefined;
  return rel.split(sep).join('/');
}

/** A path relative to src/ without its extension: `internal/call`, `client`, `campaigns`. */
function inSrc(file) {
  const rel = inside('src', file);
  return rel === undefined ? undefined : rel.slice(0, rel.length - extname(rel).length);
}

/** How a message names a file: as the source file a `.js` specifier stands for. */
const shown = (file) => inside('src', file)?.replace(/\.[cm]?js$/, '.ts');

/** The floor (index into FLOORS) of a path from `inSrc`, or -1 for one on no floor. */
export function floorOf(path) {
  let floor = -1;
  let longest = 0;
  FLOORS.forEach((names, i) => {
    for (const name of names) {
      // `../campaigns` names the folder (its index.ts).
      const under = name.endsWith('/') ? path.startsWith(name) || `${path}/` === name : path === name;
      if (under && name.length > longest) [floor, longest] = [i, name.length];
    }
  });
  return floor;
}

/** The literal specifier of an import-like node, if it is one. */
function specifierOf(node) {
  // typescript-eslint 8.x names a TSImportType's specifier `source` and warns on every read of the
  // older `argument`; earlier versions have only `argument`.
  const source =
    node.type === 'TSImportType' && node.source == null
      ? (node.argument?.literal ?? node.argument)
      : node.source;
  if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source?.type === 'TemplateLiteral' && source.expressions.length === 0)
    return source.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importsRunDown = {
  meta: {
    type: 'problem',
    docs: { description: 'src/ imports run down the floors; examples import the package entries only.' },
    schema: [],
    messages: {
      upward:
        'src/{{from}} imports src/{{to}}, a higher floor: move the shared definition down (floors: {{floors}}).',
      offFloor:
        'src/{{file}} is on no floor: add its folder to the floors in eslint-rules/imports-run-down.js ({{floors}}).',
      exampleReach:
        'examples/{{from}} imports src/{{to}}: examples import the package entries (gateway-sdk, gateway-sdk/webhooks, gateway-sdk/campaigns, gateway-sdk/testing), never src/internal/ or src/core/ directly.',
    },
  },
  create(context) {
    const filename = context.filename;
    const from = inSrc(filename);
    const example = inside('examples', filename);
    const isExample = example !== undefined;
    if (from === undefined && !isExample) return {};
    const fromFloor = from === undefined ? -1 : floorOf(from);

    const check = (node) => {
      const spec = specifierOf(node);
      if (spec === undefined || !spec.startsWith('.')) return;
      const target = resolve(dirname(filename), spec);
      const to = inSrc(target);
      if (to === undefined) return;
      const data = { from: example ?? shown(filename), to: shown(target), floors: FLOOR_LIST };
      if (isExample) {
        if (!ENTRIES.has(to) && !ENTRIES.has(`${to}/index`))
          context.report({ node, messageId: 'exampleReach', data });
        return;
      }
      if (floorOf(to) > fromFloor) context.report({ node, messageId: 'upward', data });
    };

    return {
      Program(node) {
        if (from !== undefined && fromFloor < 0)
          context.report({
            node,
            messageId: 'offFloor',
            data: { file: shown(filename), floors: FLOOR_LIST },
          });
      },
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
      TSImportEqualsDeclaration(node) {
        const ref = node.moduleReference;
        if (ref?.type === 'TSExternalModuleReference') check({ ...node, source: ref.expression });
      },
    };
  },
};

/** The plugin eslint.config.js loads as `house`. */
export default { rules: { 'imports-run-down': importsRunDown } };
