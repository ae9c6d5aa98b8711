// The command line, checked: every option's value is read here, and a wrong one is a one-line
// UsageError (exit 2) that names the option, what it takes and the value given (escaped).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { escapeControls } from '../core/text.js';
import { isBrowserOrigin } from '../testing/origin.js';
import { closest } from './events.js';
import { USAGE } from './usage.js';

/** Text from elsewhere, printed whole but with no terminal escape or reordering. */
export const printable = escapeControls;

/** Text from elsewhere on one line: as `printable`, with tab and newline escaped too. */
export const printableLine = (text: string) =>
  printable(text).replace(/[\t\n]/g, (c) => (c === '\t' ? '\\t' : '\\n'));

/** A value as an error message quotes it: in quotes, escaped. */
const quoted = (value: string) => JSON.stringify(printable(value));

/**
 * A mistake in the command line, exit 2: printed with the usage of `usage`, or alone when `usage`
 * is null (the message then says where the usage is).
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string | null = USAGE,
  ) {
    super(message);
  }
}

/** A wrong option value: one line, ending with where the options are listed. */
export const badValue = (command: string, message: string): UsageError =>
  new UsageError(`${message} (gateway-sdk ${command} --help lists the options)`, null);

/**
 * Parses a command's arguments; `--help` or `-h` anywhere (before `--`) wins over every other
 * argument, right or wrong, so that `gateway-sdk trigger --help` explains rather than complains.
 * Resolves undefined for help.
 */
export function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: O,
  allowPositionals = false,
) {
  const all = { ...options, help: { type: 'boolean', short: 'h' } } as const;
  const { tokens } = parseArgs({ args, options: all, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return undefined;
  // An unknown option is a typo far more often than not: one line naming the closest, rather than
  // node's advice about positionals and the whole usage, which buried the one word that was wrong.
  const unknown = tokens.find((t) => t.kind === 'option' && !Object.hasOwn(all, t.name));
  if (unknown?.kind === 'option') {
    const near = closest(unknown.name, Object.keys(all));
    throw badValue(
      command,
      `Unknown option ${printable(unknown.rawName)}${near === undefined ? '' : `; did you mean --${near}?`}`,
    );
  }
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    // node's messages run over several lines ("argument is ambiguous", then advice): one line here.
    const message = error instanceof Error ? error.message : String(error);
    throw badValue(command, printable(message.replace(/\s*\n\s*/g, ' ')));
  }
}

/** `--port`: digits only, 0 to 65535 (0: any free port). */
export function portOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!(port <= 65_535))
    throw badValue('mock', `--port must be a port number from 0 to 65535 (got ${quoted(value)}).`);
  return port;
}

/** The longest `--timeout`: a day. */
const MAX_TIMEOUT_SECONDS = 86_400;

/**
 * `--timeout`: seconds as a plain decimal number above 0 and at most a day, in whole milliseconds
 * (rounded up: timers take whole milliseconds, and 1.0001 s is still more than 1 s).
 */
export function timeoutOf(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback * 1000;
  const seconds = /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS))
    throw badValue(
      'trigger',
      `--timeout must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, such as 10 or 2.5 (got ${quoted(value)}).`,
    );
  return Math.ceil(seconds * 1000);
}

/**
 * `--allow-origin`: `*`, or an origin exactly as a browser sends it in `Origin` (isBrowserOrigin);
 * the message suggests the origin a near miss (a trailing slash, capitals) stands for, and says
 * that a pattern (`https://*.example.test`) is not one: only `*` alone is matched as a pattern.
 */
export function originOf(value: string): string {
  if (value === '*' || isBrowserOrigin(value)) return value;
  let near: string | undefined;
  try {
    near = new URL(value).origin;
  } catch {
    near = undefined;
  }
  const pattern = /[*?{}]/.test(value);
  throw badValue(
    'mock',
    '--allow-origin must be * or an origin as a browser sends it, scheme://host[:port] such as ' +
      `https://app.example.test or http://localhost:5173 (got ${quoted(value)}` +
      `${!pattern && near !== undefined && isBrowserOrigin(near) ? `; did you mean ${near}?` : ''})` +
      `${pattern ? '; patterns are not supported, only * alone: repeat --allow-origin for each origin' : ''}.`,
  );
}

/**
 * An http(s) URL option (`--url`, `--forward-to`): absolute, with no user name or password (they
 * would be sent along with every delivery).
 */
export function httpUrlOf(command: string, name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badValue(
      command,
      `${name} must be an absolute http(s) URL such as http://127.0.0.1:3000/webhooks (got ${quoted(value)}).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badValue(command, `${name} must be an http:// or https:// URL (got ${quoted(value)}).`);
  if (url.username !== '' || url.password !== '')
    throw badValue(command, `${name} must not carry a user name or password.`);
  return url;
}

/** `--data`: a JSON object, the event's `data.object`. */
export function dataOf(value: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    throw badValue('trigger', '--data must be JSON, e.g. --data \'{"id":"msg_1","status":"delivered"}\'.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw badValue('trigger', "--data must be a JSON object (the event's data.object).");
  return data as Record<string, unknown>;
}

/** Where `mock` writes its env file, the option that named it, and whether `--force` was given. */
export interface EnvTarget {
  path: string;
  option: '--write-env' | '--env-file';
  force: boolean;
}

/**
 * `--write-env PATH`, or `--env-file PATH` (its older name, kept: npx's own node takes
 * `--env-file` for its option and exits when PATH does not exist yet), not both, not empty; and
 * `--force`, which is about that file only.
 */
export function envTargetOf(
  writeEnv: string | undefined,
  envFile: string | undefined,
  force: boolean,
): EnvTarget | undefined {
  if (writeEnv !== undefined && envFile !== undefined)
    throw badValue('mock', '--env-file is the older name of --write-env: give one of them.');
  const [path, option] =
    writeEnv !== undefined ? [writeEnv, '--write-env' as const] : [envFile, '--env-file' as const];
  if (path === '') throw badValue('mock', `${option} must name a file, such as .gateway.env.`);
  // Not stdout: the lines go there without the option, and a file named - is a surprise at best.
  if (path === '-')
    throw badValue(
      'mock',
      `${option} - is not stdout: leave ${option} out to print the lines, or give ./- for a file named -.`,
    );
  if (path === undefined) {
    if (force)
      throw badValue('mock', '--force replaces the file --write-env names: give --write-env PATH too.');
    return undefined;
  }
  return { path, option, force };
}

/** The form of a webhook secret: `whsec_` and at least 16 letters, digits, `_` or `-`. */
const SECRET_FORM = /^whsec_[A-Za-z0-9_-]{16,}$/;

/**
 * The mock's webhook secret from `--secret`, else GATEWAY_WEBHOOK_SECRET (`fromEnv`), when either
 * is set; refused (without being printed) when it is not of SECRET_FORM, so that a stray value is
 * not signed with.
 */
export function webhookSecret(option: string | undefined, fromEnv: string | undefined): string | undefined {
  const [value, name] =
    option !== undefined
      ? [option, '--secret']
      : [fromEnv === '' ? undefined : fromEnv, 'GATEWAY_WEBHOOK_SECRET'];
  if (value === undefined) return undefined;
  if (!SECRET_FORM.test(value))
    throw new UsageError(
      `${name} must be whsec_ followed by at least 16 letters, digits, _ or - (such as the ` +
        `GATEWAY_WEBHOOK_SECRET an earlier start printed); ${name === '--secret' ? 'drop' : 'unset'} it for a fresh one.`,
      null,
    );
  return value;
}
