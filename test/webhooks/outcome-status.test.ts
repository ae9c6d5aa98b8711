import { describe, expect, it } from 'vitest';
import type { WebhookHandlerOutcome } from 'gateway-sdk/webhooks';
import { statusOf } from '../../src/webhooks/receiver.js';

// Every outcome with its status, as the service's retry rules call for: keyed by the outcome type,
// so that an outcome added to it and not here fails to compile rather than defaulting to 500.
const STATUS: Record<WebhookHandlerOutcome, number> = {
  handled: 200,
  duplicate: 200,
  unsubscribed: 200,
  missing_signature: 400,
  malformed_signature: 400,
  signature_mismatch: 400,
  invalid_payload: 400,
  event_too_old: 400,
  method_not_allowed: 405,
  payload_too_large: 413,
  invalid_secret: 500,
  handler_failed: 500,
  dedupe_failed: 500,
  unrecognised_payload: 500,
  unhandled_event: 500,
  in_progress: 503,
};

describe('statusOf', () => {
  it.each(Object.entries(STATUS))('answers %s with %i', (outcome, status) => {
    expect(statusOf(outcome as WebhookHandlerOutcome)).toBe(status);
  });
});
