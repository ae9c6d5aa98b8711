// The engine reads what the first load shares with it from the kit the loader hands it
// (src/internal/kit.ts), by position: a name out of place would hand one value under another's name.
import { describe, expect, it } from 'vitest';
import * as apiPromise from '../../src/core/api-promise.js';
import * as clientErrors from '../../src/core/client-errors.js';
import * as coreKit from '../../src/core/engine-kit.js';
import * as errorBody from '../../src/core/error-body.js';
import * as errors from '../../src/core/errors.js';
import * as pagination from '../../src/core/pagination.js';
import * as text from '../../src/core/text.js';
import * as version from '../../src/core/version.js';
import * as callSite from '../../src/internal/call-site.js';
import * as internalKit from '../../src/internal/engine-kit.js';
import { KIT } from '../../src/internal/kit.js';
import * as nearMiss from '../../src/internal/near-miss.js';
import * as runtime from '../../src/internal/runtime.js';
import * as settings from '../../src/internal/settings.js';

/** Each handed name and the module it is the first load's value from. */
function handed(kit: object, takes: string[], from: object[]): [string, unknown, unknown][] {
  return Object.entries(kit)
    .filter(([name]) => !takes.includes(name))
    .map(([name, value]) => {
      const owners = from.filter((m) => Object.hasOwn(m, name));
      expect(owners, `${name} is exported by exactly one of the kit's modules`).toHaveLength(1);
      return [name, value, (owners[0] as Record<string, unknown>)[name]];
    });
}

describe('the engine kit', () => {
  it('hands every name the value its own module exports', () => {
    internalKit.takeKit(KIT);
    const core = handed(
      coreKit,
      ['takeCoreKit'],
      [apiPromise, clientErrors, errors, errorBody, pagination, text, version],
    );
    const own = handed(internalKit, ['takeKit'], [settings, runtime, callSite, nearMiss]);
    expect(core).toHaveLength(KIT[0].length);
    expect(own).toHaveLength(KIT[1].length);
    for (const [name, value, real] of [...core, ...own]) {
      expect(value, name).toBeDefined();
      expect(value === real, `${name} is handed its own value`).toBe(true);
    }
  });

  it('is told apart from a kit with two names swapped', () => {
    const [first, second, ...rest] = KIT[1];
    internalKit.takeKit([KIT[0], [second, first, ...rest] as unknown as (typeof KIT)[1]]);
    try {
      expect(internalKit.LOG_LEVELS).toBe(settings.MAX_RETRIES_RANGE);
      expect(internalKit.LOG_LEVELS === settings.LOG_LEVELS).toBe(false);
    } finally {
      internalKit.takeKit(KIT);
    }
  });
});
