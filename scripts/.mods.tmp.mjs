import { readFileSync, readdirSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { gzipSync } from 'node:zlib';
const files = process.argv.slice(2);
for (const f of files) {
  const t = readFileSync(f, 'utf8');
  const parts = t.split(/^(?=\/\/ (?:src|node_modules)\/)/m);
  console.log('==', f);
  for (const p of parts) {
    const name = p.split('\n')[0];
    let min = '';
    try { min = transformSync(p, { minify: true, loader: 'js' }).code; } catch (e) { min = p; }
    console.log(String(min.length).padStart(7), String(gzipSync(min,{level:9}).length).padStart(6), name.slice(0,80));
  }
}
