#!/usr/bin/env node
// Fails on an import cycle in src/ (issue 25): every static import and export-from, type-only ones
// included, and every dynamic import() of a relative path. Dependency-free on purpose: it runs
// before anything is built. Usage: node scripts/house/import-cycles.mjs [root=src]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every .ts file under `dir`. */
export function listFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) out.push(...listFiles(file));
    else if (name.endsWith('.ts')) out.push(file);
  }
  return out.sort();
}

// `import … from '…'`, `import type … from '…'`, `export … from '…'`, `import '…'`, `import('…')`.
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The relative specifiers a source text imports (comments removed first). */
export function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found = new Set();
  for (const pattern of SPECIFIERS) for (const m of code.matchAll(pattern)) found.add(m[1]);
  return [...found].filter((s) => s.startsWith('.'));
}

/** The import graph of `files` (absolute paths): file -> the files it imports. */
export function graphOf(files, read = (f) => readFileSync(f, 'utf8')) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const edges = new Set();
    for (const spec of specifiersOf(read(file))) {
      const target = resolve(dirname(file), spec);
      for (const candidate of [target.replace(/\.js$/, '.ts'), `${target}.ts`, join(target, 'index.ts')])
        if (known.has(candidate)) {
          edges.add(candidate);
          break;
        }
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/** The cycles of a graph: Tarjan's strongly connected components of more than one node, or a self-import. */
export function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const cycles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? 'src');
  const cycles = cyclesOf(graphOf(listFiles(root)));
  console.log(`import cycles: ${cycles.length}`);
  for (const scc of cycles) console.log(`  ${scc.map((f) => relative(process.cwd(), f)).join(' <-> ')}`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
