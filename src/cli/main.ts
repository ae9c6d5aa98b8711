// The `gateway-sdk` command (package.json `bin`): `mock` serves the mock service on loopback,
// `trigger` sends one signed webhook delivery. Node only, so it lives apart from the web-API code
// of src/ (eslint.config.js allows node: imports here) and is built as its own tsup entry.
import { closest } from './events.js';
import { mock } from './mock.js';
import { printable, UsageError } from './options.js';
import { trigger } from './trigger.js';
import { MOCK_USAGE, TRIGGER_USAGE, USAGE } from './usage.js';

const COMMANDS = { mock: MOCK_USAGE, trigger: TRIGGER_USAGE } as const;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError('Name a command.');
  if (command === '--help' || command === '-h') return help(USAGE);
  if (command === 'help') {
    const topic = rest[0];
    return help(topic !== undefined && topic in COMMANDS ? COMMANDS[topic as keyof typeof COMMANDS] : USAGE);
  }
  if (command === 'mock') return mock(rest, help);
  if (command === 'trigger') return trigger(rest, help);
  const near = closest(command, Object.keys(COMMANDS));
  throw new UsageError(
    `Unknown command ${JSON.stringify(printable(command))}${near === undefined ? '' : `; did you mean ${near}?`}`,
  );
}

function help(text: string): number {
  process.stdout.write(text);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(
        `gateway-sdk: ${error.message}\n${error.usage === null ? '' : `\n${error.usage}`}`,
      );
      process.exitCode = 2;
    } else {
      process.stderr.write(
        `gateway-sdk: ${printable(error instanceof Error ? error.message : String(error))}\n`,
      );
      process.exitCode = 1;
    }
  },
);
