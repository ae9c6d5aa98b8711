import type { Rule } from 'eslint';

/** The floor of a path under src/ without its extension (`resources/engine`), lowest 0; -1 for none. */
export function floorOf(path: string): number;
/** The floors rule. */
export const importsRunDown: Rule.RuleModule;
declare const plugin: { rules: { 'imports-run-down': Rule.RuleModule } };
/** The plugin eslint.config.js loads as `house`. */
export default plugin;
