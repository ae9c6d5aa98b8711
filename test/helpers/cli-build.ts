// The package built once per vitest run by test/helpers/global-build.ts (its globalSetup).
import { join } from 'node:path';
import { inject } from 'vitest';

/** The folder of the built package (what dist/ holds), for the files global-build.ts builds for. */
export function builtPackage(): string {
  const { dir, error } = inject('gatewayBuild') ?? {};
  if (error !== undefined) throw new Error(`tsup could not build the package: ${error}`);
  if (dir === undefined)
    throw new Error(
      'This run made no build: vitest.config.ts must run test/helpers/global-build.ts as globalSetup, ' +
        'and the test file be listed in its BUILD_CONSUMERS.',
    );
  return dir;
}

/** The built `gateway-sdk` command (package.json `bin`), run as `node <this> …args`. */
export const builtCli = () => join(builtPackage(), 'cli.js');
