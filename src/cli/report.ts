// The line `gateway-sdk mock` prints on stderr for each delivery attempt: what was sent, the
// answer and how long it took, and for a failure whether and when it is tried again.
import type { MockDelivery } from '../testing/index.js';

/**
 * Where a delivery went, as the line names it: nothing for a lone --forward-to URL, the URL when
 * there are several (each gets every event, so the line says which answered).
 */
function target(delivery: MockDelivery, forwardTo: readonly string[]): string {
  if (delivery.webhookId === null && forwardTo.includes(delivery.url))
    return forwardTo.length === 1 ? '' : ` to ${delivery.url}`;
  return delivery.webhookId === null
    ? ` to callback_url ${delivery.url}`
    : ` to webhook ${delivery.webhookId} ${delivery.url}`;
}

/** When the next attempt is due, relative to `now`: "in 1 min (14:32:10 UTC)". */
function due(at: string, now: Date): string {
  const ms = Date.parse(at) - now.getTime();
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const when =
    minutes >= 120 ? `${Math.round(minutes / 60)} h` : minutes >= 1 ? `${minutes} min` : 'a moment';
  return `in ${when} (${at.slice(11, 19)} UTC)`;
}

/**
 * One line for the latest attempt of `delivery` (or for its not being sent), e.g.
 * `message.delivered evt_00000003 → 200 (12 ms)`; `reason` is the one the receiver's refusal
 * named (`→ 400 signature_mismatch (2 ms)`).
 */
export function deliveryLine(
  delivery: MockDelivery,
  cause: string | undefined,
  forwardTo: readonly string[],
  now: Date,
  reason?: string,
): string {
  const head = `${delivery.event.type} ${delivery.event.id}${target(delivery, forwardTo)}`;
  if (delivery.state === 'not_sent')
    return `${head}: not sent, not a loopback address (webhooks made through the API get deliveries on this machine only; later ones to this URL are not printed)`;
  const attempt = delivery.attempts.at(-1);
  if (attempt === undefined) return `${head}: ${delivery.state}`;
  const answer =
    attempt.status !== null
      ? `${attempt.status}${reason === undefined ? '' : ` ${reason}`}`
      : `no answer: ${attempt.error ?? 'network error'}${cause === undefined ? '' : ` (${cause})`}`;
  const line = `${head} → ${answer} (${attempt.durationMs} ms)`;
  if (delivery.state === 'succeeded') return line;
  const n = delivery.attempts.length;
  if (delivery.state === 'pending' && delivery.nextAttemptAt !== null)
    return `${line}; attempt ${n} failed, next attempt ${due(delivery.nextAttemptAt, now)}`;
  const why =
    attempt.status !== null && attempt.status < 500
      ? 'a 4xx answer is not retried'
      : `that was the last of ${n} attempts`;
  return `${line}; delivery failed, ${why}`;
}
