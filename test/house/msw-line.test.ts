// The suite is the msw matrix (scripts/test/node-suites.mjs): msw 3 where Node can run it (22.12+), msw 2
// below, where msw 3 cannot start (it calls Promise.withResolvers). A redirect that stopped working
// would quietly run every line on one major.
import { expect, it } from 'vitest';
import msw from 'msw/package.json' with { type: 'json' };

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const expected = process.env['GATEWAY_MSW'] ?? (major > 22 || (major === 22 && minor >= 12) ? '3' : '2');

it(`runs on msw ${expected} under Node ${process.versions.node}`, () => {
  expect(msw.version.split('.')[0]).toBe(expected);
});
