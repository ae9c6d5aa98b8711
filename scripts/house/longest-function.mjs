#!/usr/bin/env node
// No function in src/ is longer than 80 lines: a longer one is written as a sequence of named
// steps. Measures every function-like with a body (declarations, methods, accessors, constructors,
// arrow functions and function expressions), from its first line to its last, with the TypeScript
// compiler's parser. Prints the longest, then every one over the limit; exits 1 when there is one.
// Usage: node scripts/house/longest-function.mjs [root=src] [limit=80]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Every .ts file under `dir`, sorted. */
function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** The name a reader would look for: `Class.method`, `name`, or the variable an arrow is bound to. */
function nameOf(node) {
  const own = node.name && ts.isIdentifier(node.name) ? node.name.text : node.name?.getText();
  if (ts.isConstructorDeclaration(node)) return `${node.parent.name?.text ?? '(class)'}.constructor`;
  if (own !== undefined) {
    const owner = node.parent && ts.isClassLike(node.parent) ? node.parent.name?.text : undefined;
    return owner ? `${owner}.${own}` : own;
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText();
  if (parent && ts.isPropertyDeclaration(parent) && ts.isClassLike(parent.parent))
    return `${parent.parent.name?.text ?? '(class)'}.${parent.name.getText()}`;
  return '(anonymous)';
}

/** Every function-like with a body in one file: `{ name, lines, line }`. */
export function functionsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node), lines: end - start + 1, line: start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function-like under `root`, longest first: `{ file, name, lines, line }`. */
export function measure(root) {
  const all = [];
  for (const file of listFiles(root)) {
    const rel = relative(process.cwd(), file).split('\\').join('/');
    for (const fn of functionsOf(file, readFileSync(file, 'utf8'))) all.push({ file: rel, ...fn });
  }
  return all.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.argv[2] ?? 'src';
  const limit = Number(process.argv[3] ?? 80);
  const all = measure(root);
  const [longest] = all;
  if (longest === undefined) {
    console.error(`no function found under ${root}`);
    process.exit(1);
  }
  console.log(`longest function: ${longest.lines} lines (${longest.file}:${longest.name})`);
  const over = all.filter((fn) => fn.lines > limit);
  for (const fn of over) console.log(`  ${fn.lines} lines  ${fn.file}:${fn.line} ${fn.name}`);
  if (over.length > 0) {
    console.error(`${over.length} function(s) over ${limit} lines: write each as a sequence of named steps.`);
    process.exit(1);
  }
}
