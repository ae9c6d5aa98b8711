// The operations tables of docs/api-index.md and the README are only useful while they are true:
// each equals, row for row, what `npm run docs:operations` writes from the declarations
// (src/resources/operations.ts) and the methods as their resource files write them.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/resources/operations.js';
import { operationRows, TABLES, type TableDoc, tableProblems } from '../../scripts/docs/operations.js';
import { readRepoFile } from '../helpers/operations.js';

describe('the operations tables', () => {
  it('find every declared method in its resource file', () => {
    expect(operationRows(OPERATIONS, readRepoFile).problems).toEqual([]);
  });

  it.each(Object.keys(TABLES) as TableDoc[])('of %s list every declared operation, row for row', (doc) => {
    const { rows } = operationRows(OPERATIONS, readRepoFile);
    expect(tableProblems(doc, readRepoFile(doc) ?? '', rows)).toEqual([]);
  });
});
