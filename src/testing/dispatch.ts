// Webhook deliveries as the service makes them (the API reference's Events): on each status change of
// a message, one signed POST to its callback_url, else to each enabled SMS webhook subscribed to
// the event. Attempts run on the mock's clock when `runDeliveries()` is awaited, so a test decides
// when the network is used and controls time without sleeping.
import { Webhooks } from '../webhooks.js';
import { makeEvent, type MockEvent } from './deliveries.js';
import type { MockStore } from './store.js';
import type { MockMessage, MockMessageStatus } from './types.js';
import { isLoopbackUrl } from './loopback.js';

/** Sends one delivery and resolves to the receiver's answer: `fetch` by default. */
export type DeliverFunction = (request: Request) => Promise<Response>;

/** One attempt of a delivery. */
export interface MockDeliveryAttempt {
  /** When it was made, on the mock's clock (ISO 8601). */
  at: string;
  /** The receiver's status, or null when no answer came (network error). */
  status: number | null;
  /** The network error's message, or null when the receiver answered. */
  error: string | null;
  /** How long the attempt took, in real milliseconds (until the answer's status or the error). */
  durationMs: number;
}

/**
 * Where a delivery stands: waiting for an attempt, or final. `not_sent`: the mock has no `deliver`
 * and the URL is not a loopback address, so nothing was sent (`reason` says so).
 */
export type MockDeliveryState = 'pending' | 'succeeded' | 'failed' | 'expired' | 'not_sent';

/** One event on its way to one URL, with its attempts. */
export interface MockDelivery {
  /** `dlv_` and a counter. */
  id: string;
  /** The event sent: the same envelope on every attempt. */
  event: MockEvent;
  /** Where it is POSTed. */
  url: string;
  /** The SMS webhook it is for, or null for a message's `callback_url` and the CLI's `--forward-to`. */
  webhookId: string | null;
  /** The exact body sent (and signed). */
  body: string;
  /** The `x-service-signature` sent with `body`. */
  signature: string;
  /** `pending` until a 2xx/3xx (`succeeded`), a 4xx or the last retry (`failed`), or 7 days (`expired`). */
  state: MockDeliveryState;
  /** Every attempt made, oldest first. */
  attempts: MockDeliveryAttempt[];
  /** When the next attempt is due (ISO 8601), or null once final. */
  nextAttemptAt: string | null;
  /** Why it was not sent (state `not_sent`), else null. */
  reason: string | null;
}

const MINUTE = 60_000;
/**
 * Waits after each failed attempt (the reference's Retry rules): retries 1, 2, 4, 8 and 16 minutes
 * after the failure before them, then a final attempt 24 hours later. Seven attempts in all.
 */
export const RETRY_DELAYS_MS = [MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE, 16 * MINUTE, 24 * 60 * MINUTE];
/** How long an attempt waits for the receiver's answer (real time): 10 seconds. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Events expire 7 days after they were created; a delivery not done by then is `expired`. */
export const EVENT_LIFETIME_MS = 7 * 24 * 60 * MINUTE;
/**
 * How many deliveries are attempted at once. Deliveries of one message's events to one URL still
 * go one after another, in order; a receiver that never answers holds up only its own share.
 */
export const DELIVERY_CONCURRENCY = 16;
/**
 * How many final deliveries `mock.deliveries` keeps (every pending one is kept): past it the
 * oldest final ones are dropped, so that a mock left running (`gateway-sdk mock`) does not keep
 * every event it ever sent.
 */
export const MAX_FINISHED_DELIVERIES = 1_000;

interface Internal {
  delivery: MockDelivery;
  secret: string;
  createdMs: number;
  dueMs: number;
  // A URL the user named (the CLI's --forward-to): sent wherever it is, like a `deliver` of theirs.
  named: boolean;
}

/** @internal A place every event also goes, signed with its own secret (each `gateway-sdk mock --forward-to`). */
export interface ForwardTarget {
  url: string;
  secret: string;
}

/**
 * @internal Called once an attempt is recorded (or a delivery is found not sendable), with the
 * network error's cause when there is one: the CLI prints a line for each.
 */
export type AttemptListener = (delivery: MockDelivery, cause: string | undefined) => void;

const notSent = (url: string) =>
  `Not sent: ${url} is not a loopback address. With no \`deliver\` option the mock sends deliveries ` +
  'only to localhost, 127.0.0.0/8 and [::1], so that tests never reach the network. Point the ' +
  "webhook at a receiver your test started, or pass `deliver` (forwardTo('http://127.0.0.1:3000') " +
  'to send it to a local receiver, (request) => fetch(request) to send it where it says); on the ' +
  'CLI, --forward-to URL.';

interface Target {
  url: string;
  webhookId: string | null;
  secret: string;
  named?: boolean;
}

/** @internal Queues, signs and runs the deliveries of one mock service. */
export class Dispatcher {
  readonly deliveries: MockDelivery[] = [];
  readonly #pending = new Set<Internal>();
  #chain: Promise<unknown> = Promise.resolve();
  readonly #deliver: DeliverFunction;
  // With no `deliver` of the user's, a mock in a unit test must never reach the network.
  readonly #loopbackOnly: boolean;

  constructor(
    private readonly store: MockStore,
    private readonly now: () => Date,
    deliver: DeliverFunction | undefined,
    private readonly callbackSecret: string,
    private readonly extras: {
      forward?: ForwardTarget | readonly ForwardTarget[] | undefined;
      onAttempt?: AttemptListener | undefined;
      /** Ends every attempt in flight, and makes no more (the server's `close()`). */
      signal?: AbortSignal | undefined;
    } = {},
  ) {
    this.#deliver = deliver ?? ((request) => fetch(request));
    this.#loopbackOnly = deliver === undefined;
  }

  /** Queues the event of a status change for every URL it goes to. */
  statusChanged(message: MockMessage, at: string, callbackUrl: string | undefined): void {
    const type = `message.${message.status as MockMessageStatus}`;
    const event = makeEvent(type, { ...message }, { id: this.store.nextId('evt_'), created: new Date(at) });
    const targets: Target[] = [];
    if (callbackUrl !== undefined) {
      targets.push({ url: callbackUrl, webhookId: null, secret: this.callbackSecret });
    } else {
      for (const hook of this.store.smsWebhooks.values())
        if (hook.enabled && hook.events.includes(type))
          targets.push({ url: hook.url, webhookId: hook.id, secret: hook.secret });
    }
    // As if a webhook subscribed to every event type pointed there, whatever the message's own targets.
    for (const forward of [this.extras.forward ?? []].flat())
      targets.push({ ...forward, webhookId: null, named: true });
    for (const target of targets) this.#queue(event, target, Date.parse(at));
  }

  #queue(event: MockEvent, target: Target, at: number) {
    const body = JSON.stringify(event);
    const delivery: MockDelivery = {
      id: this.store.nextId('dlv_'),
      event,
      url: target.url,
      webhookId: target.webhookId,
      body,
      signature: '',
      state: 'pending',
      attempts: [],
      nextAttemptAt: new Date(at).toISOString(),
      reason: null,
    };
    this.deliveries.push(delivery);
    this.#pending.add({
      delivery,
      secret: target.secret,
      createdMs: at,
      dueMs: at,
      named: target.named ?? false,
    });
  }

  /**
   * Runs every attempt due at the mock's `now`, DELIVERY_CONCURRENCY at a time (those of one
   * message to one URL in order); resolves to the deliveries attempted.
   */
  run(): Promise<MockDelivery[]> {
    const next = this.#chain.then(() => this.#run());
    this.#chain = next.catch(() => undefined);
    return next;
  }

  async #run(): Promise<MockDelivery[]> {
    const nowMs = this.now().getTime();
    const due = [...this.#pending].filter((p) => p.dueMs <= nowMs).sort((a, b) => a.dueMs - b.dueMs);
    const queue = [...groupByTarget(due).values()];
    const worker = async () => {
      for (let group = queue.shift(); group !== undefined; group = queue.shift())
        for (const item of group) {
          if (this.extras.signal?.aborted) return;
          if (nowMs >= item.createdMs + EVENT_LIFETIME_MS) this.#finish(item, 'expired');
          else await this.#attempt(item, nowMs);
        }
    };
    await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queue.length) }, worker));
    this.#forgetOldest();
    return due.map((item) => item.delivery);
  }

  // Drops the oldest final deliveries past MAX_FINISHED_DELIVERIES, in place: `mock.deliveries`
  // is this very array.
  #forgetOldest(): void {
    let excess = this.deliveries.filter((d) => d.nextAttemptAt === null).length - MAX_FINISHED_DELIVERIES;
    if (excess <= 0) return;
    const kept = this.deliveries.filter((d) => d.nextAttemptAt !== null || excess-- <= 0);
    this.deliveries.splice(0, this.deliveries.length, ...kept);
  }

  async #attempt(item: Internal, nowMs: number): Promise<void> {
    const { delivery } = item;
    if (delivery.signature === '') delivery.signature = await Webhooks.sign(delivery.body, item.secret);
    if (this.#loopbackOnly && !item.named && !isLoopbackUrl(delivery.url)) {
      delivery.reason = notSent(delivery.url);
      this.#finish(item, 'not_sent');
      return this.extras.onAttempt?.(delivery, undefined);
    }
    const request = new Request(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [Webhooks.SIGNATURE_HEADER]: delivery.signature,
        'user-agent': 'gateway-sdk-mock/webhooks',
      },
      body: delivery.body,
      // A 3xx is the receiver's answer (a success, per the retry rules), never a place to send the
      // signed event to: following it would POST it to whatever host `Location` names.
      redirect: 'manual',
      // A receiver that never answers counts as a network error (and is retried), rather than
      // holding runDeliveries() open; closing the server ends the attempt at once.
      signal: this.extras.signal
        ? AbortSignal.any([this.extras.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)])
        : AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    let status: number | null = null;
    let error: string | null = null;
    let redirected = false;
    let cause: string | undefined;
    const started = performance.now();
    try {
      const response = await this.#deliver(request);
      status = response.status;
      // In a browser a redirect answer is opaque (status 0); it is still a 3xx.
      redirected = response.type === 'opaqueredirect';
      // Read to its end, not cancelled: a cancelled answer closes the connection under the
      // receiver, which logs its request as aborted (ECONNRESET). Not awaited (under MSW's
      // passthrough a body can stay pending for good); the attempt's signal bounds the read.
      void drain(response);
    } catch (failure) {
      // Stopped (the server closed): not an attempt of the delivery's, and nobody to tell.
      if (this.extras.signal?.aborted) return;
      error = failure instanceof Error ? failure.message : String(failure);
      if (failure instanceof Error && failure.cause instanceof Error) cause = failure.cause.message;
    }
    const durationMs = Math.round(performance.now() - started);
    const at = new Date(nowMs).toISOString();
    delivery.attempts.push({ at, status, error, durationMs });
    const hook = delivery.webhookId === null ? undefined : this.store.smsWebhooks.get(delivery.webhookId);
    if (redirected || (status !== null && status >= 200 && status < 400)) {
      if (hook) {
        hook.last_triggered_at = at;
        hook.failure_count = 0;
      }
      this.#finish(item, 'succeeded');
    } else {
      if (hook) hook.failure_count += 1;
      const retryable = status === null || status >= 500;
      const wait = RETRY_DELAYS_MS[delivery.attempts.length - 1];
      if (!retryable || wait === undefined) this.#finish(item, 'failed');
      else {
        item.dueMs = nowMs + wait;
        delivery.nextAttemptAt = new Date(item.dueMs).toISOString();
      }
    }
    this.extras.onAttempt?.(delivery, cause);
  }

  #finish(item: Internal, state: MockDeliveryState): void {
    item.delivery.state = state;
    item.delivery.nextAttemptAt = null;
    this.#pending.delete(item);
  }

  /** Forgets every delivery. */
  clear(): void {
    this.deliveries.length = 0;
    this.#pending.clear();
  }
}

/** Reads `response`'s body to its end, keeping none of it; a read the signal ends is no error. */
async function drain(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  try {
    while (reader !== undefined && !(await reader.read()).done);
  } catch {
    // Ended by the attempt's signal (its timeout, or the server's close): nothing more to read.
  }
}

/** Due deliveries by message and URL, in due order: each group is attempted in order. */
function groupByTarget(due: Internal[]): Map<string, Internal[]> {
  const groups = new Map<string, Internal[]>();
  for (const item of due) {
    const { url, event } = item.delivery;
    const key = `${url} ${String((event.data.object as { id?: unknown }).id)}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * A `deliver` function that sends every delivery to `origin` instead of the webhook URL's own,
 * keeping its path and query: point `https://hooks.example.com/sms` at a receiver listening on
 * `http://127.0.0.1:3000` in a test.
 *
 * @example createMockService({ deliver: forwardTo('http://127.0.0.1:3000') })
 */
export function forwardTo(origin: string, send: DeliverFunction = (r) => fetch(r)): DeliverFunction {
  const base = new URL(origin);
  return async (request) => {
    const from = new URL(request.url);
    // Set part by part, never resolved: a path such as `//other.host/x` is a path here, where as a
    // relative reference it would name another host (and send it the signed event).
    const to = new URL(base.origin);
    to.pathname = from.pathname;
    to.search = from.search;
    return send(
      new Request(to, {
        method: request.method,
        headers: request.headers,
        body: await request.text(),
        redirect: 'manual',
        signal: request.signal,
      }),
    );
  };
}
