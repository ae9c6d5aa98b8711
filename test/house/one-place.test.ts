// Small facts are written once in src/: the size of a body kept whole (`MIB`, src/limits.ts) and
// the lowercase hex of bytes (`toHex`, src/internal/hex.ts). Another spelling in code (comments
// and docs aside) fails here, naming the line and the one place to use.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(__dirname, '../..');

interface Fact {
  /** What the fact is, and where it is written. */
  name: string;
  /** A spelling of it in code. */
  spelling: RegExp;
  /** The files that may spell it: its home, and where the same digits mean something else. */
  home: readonly string[];
}

const FACTS: readonly Fact[] = [
  {
    name: '1 MiB: MIB of src/limits.ts',
    spelling: /\b1_?048_?576\b|\b1024 \* 1024\b/,
    home: ['src/limits.ts'],
  },
  {
    name: 'bytes as lowercase hex: toHex of src/internal/hex.ts',
    spelling: /toString\(16\)\.(?:padStart\(2|slice\(1\))|\| 256\)\.toString\(16\)/,
    // core/text.ts and internal/scrub.ts write `\xNN` escapes of characters, not bytes.
    home: ['src/internal/hex.ts', 'src/core/text.ts', 'src/internal/scrub.ts'],
  },
];

/** Every code line of `files` (path to text) that spells a fact outside its home. */
export function spelledTwice(files: Readonly<Record<string, string>>, facts = FACTS): string[] {
  const problems: string[] = [];
  for (const [file, text] of Object.entries(files))
    text.split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      for (const fact of facts)
        if (fact.spelling.test(line) && !fact.home.includes(file))
          problems.push(`${file}:${i + 1} spells ${fact.name}`);
    });
  return problems;
}

function sources(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(join(repo, 'src'), { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith('.ts')) {
      const path = join(entry.parentPath, entry.name);
      files[relative(repo, path).split('\\').join('/')] = readFileSync(path, 'utf8');
    }
  return files;
}

describe('small facts', () => {
  it('are spelt once in src/', () => {
    expect(spelledTwice(sources())).toEqual([]);
  });

  it('fail on a second spelling in code, and pass one in a comment', () => {
    const files = {
      'src/a.ts': [
        '/** @default 1048576 (1 MiB) */',
        'const limit = 1_048_576;',
        "const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');",
        'for (const b of bytes) out += (b | 256).toString(16).slice(1);',
      ].join('\n'),
    };
    expect(spelledTwice(files)).toEqual([
      'src/a.ts:2 spells 1 MiB: MIB of src/limits.ts',
      'src/a.ts:3 spells bytes as lowercase hex: toHex of src/internal/hex.ts',
      'src/a.ts:4 spells bytes as lowercase hex: toHex of src/internal/hex.ts',
    ]);
  });
});
