// What the first load hands the engine (internal/kit.ts builds the list, the loader hands it to
// resources/engine.ts `start`), under the names the engine's files import. They import these
// names from here, never from the files that define them, so a bundler that splits the engine off
// keeps those files in the first load's chunk instead of a third chunk both import
// (docs/decisions/engine-kit.md). Each is undefined until the kit is handed: read them inside
// functions only, never while a module loads.
import type * as Settings from './settings.js';
import type * as Runtime from './runtime.js';
import type * as CallSite from './call-site.js';
import type * as NearMiss from './near-miss.js';
import { type CoreKit, takeCoreKit } from '../core/engine-kit.js';

/** What the first load hands the engine's internal files, in this order (`InternalKit`). */
export type InternalKit = readonly [
  typeof Settings.LOG_LEVELS,
  typeof Settings.MAX_RETRIES_RANGE,
  typeof Settings.RESERVED,
  typeof Settings.SERVICE_VERSION_RULE,
  typeof Settings.TIMEOUT_RANGE,
  typeof Settings.UNREADABLE,
  typeof Settings.envOf,
  typeof Settings.headerProblem,
  typeof Settings.hooksProblemOf,
  typeof Settings.invalidOption,
  typeof Settings.isIntIn,
  typeof Settings.ownProperties,
  typeof Settings.quoted,
  typeof Settings.withCause,
  typeof Runtime.now,
  typeof CallSite.attachCallSite,
  typeof NearMiss.nameHint,
];

/** `LOG_LEVELS` of settings.ts, as the first load handed it. */
export let LOG_LEVELS: typeof Settings.LOG_LEVELS;
/** `MAX_RETRIES_RANGE` of settings.ts, as the first load handed it. */
export let MAX_RETRIES_RANGE: typeof Settings.MAX_RETRIES_RANGE;
/** `RESERVED` of settings.ts, as the first load handed it. */
export let RESERVED: typeof Settings.RESERVED;
/** `SERVICE_VERSION_RULE` of settings.ts, as the first load handed it. */
export let SERVICE_VERSION_RULE: typeof Settings.SERVICE_VERSION_RULE;
/** `TIMEOUT_RANGE` of settings.ts, as the first load handed it. */
export let TIMEOUT_RANGE: typeof Settings.TIMEOUT_RANGE;
/** `UNREADABLE` of settings.ts, as the first load handed it. */
export let UNREADABLE: typeof Settings.UNREADABLE;
/** `envOf` of settings.ts, as the first load handed it. */
export let envOf: typeof Settings.envOf;
/** `headerProblem` of settings.ts, as the first load handed it. */
export let headerProblem: typeof Settings.headerProblem;
/** `hooksProblemOf` of settings.ts, as the first load handed it. */
export let hooksProblemOf: typeof Settings.hooksProblemOf;
/** `invalidOption` of settings.ts, as the first load handed it. */
export let invalidOption: typeof Settings.invalidOption;
/** `isIntIn` of settings.ts, as the first load handed it. */
export let isIntIn: typeof Settings.isIntIn;
/** `ownProperties` of settings.ts, as the first load handed it. */
export let ownProperties: typeof Settings.ownProperties;
/** `quoted` of settings.ts, as the first load handed it. */
export let quoted: typeof Settings.quoted;
/** `withCause` of settings.ts, as the first load handed it. */
export let withCause: typeof Settings.withCause;
/** `now` of runtime.ts, as the first load handed it. */
export let now: typeof Runtime.now;
/** `attachCallSite` of call-site.ts, as the first load handed it. */
export let attachCallSite: typeof CallSite.attachCallSite;
/** `nameHint` of near-miss.ts, as the first load handed it. */
export let nameHint: typeof NearMiss.nameHint;

/** The whole kit: the core files' part, then the internal files'. */
export type EngineKit = readonly [CoreKit, InternalKit];

/** Keeps what the first load handed; the engine's files read it only inside functions, never at import. */
export function takeKit([core, own]: EngineKit): void {
  takeCoreKit(core);
  [
    LOG_LEVELS,
    MAX_RETRIES_RANGE,
    RESERVED,
    SERVICE_VERSION_RULE,
    TIMEOUT_RANGE,
    UNREADABLE,
    envOf,
    headerProblem,
    hooksProblemOf,
    invalidOption,
    isIntIn,
    ownProperties,
    quoted,
    withCause,
    now,
    attachCallSite,
    nameHint,
  ] = own;
}
