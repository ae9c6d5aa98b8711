// What `gateway-sdk --help` and `gateway-sdk <command> --help` print.
import { EVENT_TYPES } from './events.js';

/** The event types, wrapped under 100 columns. */
const eventList = EVENT_TYPES.reduce<string[]>((lines, type, i) => {
  const last = lines.length - 1;
  const word = type + (i < EVENT_TYPES.length - 1 ? ',' : '');
  if (last >= 0 && (lines[last] ?? '').length + word.length < 98) lines[last] += ` ${word}`;
  else lines.push(` ${word}`);
  return lines;
}, []).join('\n ');

/** `gateway-sdk mock --help`. */
export const MOCK_USAGE = `Usage: gateway-sdk mock [--port N] [--auto-advance] [--forward-to URL]... [--secret whsec_…]
                        [--write-env PATH [--force]] [--allow-origin ORIGIN]...

Serves the mock service on http://127.0.0.1:N with fresh keys, and prints the lines that point a
Client and a receiver at it (or writes them to --write-env PATH):
  export GATEWAY_API_KEY=… GATEWAY_TEST_API_KEY=… GATEWAY_ACCESS_TOKEN=…
  export GATEWAY_BASE_URL=… GATEWAY_SANDBOX_BASE_URL=…
  export GATEWAY_WEBHOOK_SECRET=whsec_…   (signs --forward-to and callback_url deliveries)
The webhook secret is --secret, else GATEWAY_WEBHOOK_SECRET from the environment, else a fresh
one: keep it, and a restarted mock still signs as a running receiver expects.

Options:
  --port N              Port on 127.0.0.1 (default: a free port).
  --auto-advance        Messages move by themselves, quicker than the service's targets so that a
                        local loop is quick: sent 0.2 to 1 s after creation (otp, transactional,
                        promotional), then delivered (failed for numbers ending in 0) by 3 s.
  --forward-to URL      Delivers every event the mock emits to URL, as a webhook subscribed to every
                        event type, signed with GATEWAY_WEBHOOK_SECRET. Prints one line per
                        attempt on stderr, e.g. "message.delivered evt_… → 200 (12 ms)", and when a
                        failed one is tried again (1, 2, 4, 8, 16 minutes, then 24 hours later).
                        Any http(s) URL: you named it, so it need not be on this machine.
                        Without --auto-advance, messages stay queued: only message.queued is sent.
                        Repeatable: each URL gets every delivery, all signed with the one secret,
                        and each line names the URL it went to.
  --secret whsec_…      Signs with this webhook secret (other users of this machine can see it in
                        ps: prefer GATEWAY_WEBHOOK_SECRET in the environment).
  --write-env PATH      Writes the export lines to PATH (mode 0600) instead of stdout; load them in
                        another shell with: source PATH. Replaces only a file it wrote before:
                        another file is refused (--force replaces it), a link or FIFO always, and
                        so is a path through a symbolic link another user owns (yours and root's
                        are followed). - is refused: leave --write-env out for stdout.
                        --env-file PATH is its older name (npx's own node reads --env-file and
                        exits when PATH does not exist yet: use --write-env with npx).
  --force               Lets --write-env replace a file the mock did not write.
  --allow-origin ORIGIN Lets pages on ORIGIN call the mock from a browser: scheme://host[:port] as
                        the browser sends it, e.g. https://app.example.test (loopback pages always
                        may; * allows any; no other pattern, so name each origin). Repeatable.
  -h, --help            Prints this.

Deliveries to webhooks created through the API go to loopback addresses only. Ctrl-C stops it.
`;

/** `gateway-sdk trigger --help`. */
export const TRIGGER_USAGE = `Usage: GATEWAY_WEBHOOK_SECRET=SECRET gateway-sdk trigger <event-type> --url URL [--data JSON] [--timeout S]

POSTs one signed delivery of <event-type> to URL, signed as the service signs them, and prints the
receiver's answer (its first 64 KiB). Exits 0 on a 2xx or 3xx answer, 1 otherwise, 2 on a usage error.

Event types (the service sends these and no others):
${eventList}

Options:
  --url URL        The receiver to POST to (http:// or https://).
  --secret SECRET  The webhook secret, instead of GATEWAY_WEBHOOK_SECRET (other users of this
                   machine can see it in ps).
  --data JSON      The event's data.object, a JSON object (default: a sample for message.* events).
  --timeout S      Gives up after S seconds, e.g. 10 or 2.5 (default 10, at most 86400).
  -h, --help       Prints this.
`;

/** `gateway-sdk --help`. */
export const USAGE = `Usage: gateway-sdk <command> [options]

Commands:
  gateway-sdk mock [--port N] [--auto-advance] [--forward-to URL]... [--secret whsec_…]
                   [--write-env PATH]
      Serves the mock service on loopback and prints the GATEWAY_* variables to export.
  gateway-sdk trigger <event-type> --url URL [--data JSON] [--timeout S]
      Sends one signed webhook delivery to a receiver.

gateway-sdk <command> --help prints a command's options.
`;
