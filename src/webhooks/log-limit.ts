// A log line that a sender can make the receiver print at will (a dropped upload) is rate-limited:
// a flood of hang-ups must not flood the log, nor hide everything else in it.

/**
 * A printer of `print` that prints at most `burst` lines per `intervalMs`; the lines past that are
 * counted, and when the interval ends one line says how many `what` were not printed. The
 * interval starts with the first line after the previous one ended. The timer that prints the
 * count does not keep a process alive.
 */
export function limitedLog(
  print: (line: string) => void,
  what: string,
  burst = 5,
  intervalMs = 60_000,
): (line: string) => void {
  let ends = 0;
  let printed = 0;
  let held = 0;
  const flush = () => {
    print(`gateway-sdk: ${held} more ${what} in the last ${intervalMs / 1000} s, not logged one by one`);
    [ends, printed, held] = [0, 0, 0];
  };
  return (line) => {
    const now = Date.now();
    if (now >= ends) [ends, printed] = [now + intervalMs, 0];
    if (printed < burst) {
      printed++;
      return print(line);
    }
    if (held++ === 0) (setTimeout(flush, ends - now) as { unref?: () => void }).unref?.();
  };
}
