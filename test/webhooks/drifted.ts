// The eight drifted authentic deliveries a service deploy might send (the envelope's fields
// missing or of another type, and the reference sample receiver's flat body), shared by the
// receiver tests and the examples' tests.

let n = 0;
const now = () => Math.floor(Date.now() / 1000);

/** The reference envelope of one fresh event, each field overridable (`undefined` drops it). */
export function event(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `evt_drift_${++n}`,
    type: 'message.delivered',
    created: now(),
    data: { object: { id: `msg_${n}`, status: 'delivered' } },
    api_version: '2026-01-01',
    ...fields,
  };
}

/** The eight drifted deliveries, each a fresh event every call. */
export const drifted: [string, () => Record<string, unknown>][] = [
  ['api_version missing', () => event({ api_version: undefined })],
  ['created as a numeric string', () => event({ created: String(now()) })],
  ['created as an ISO string', () => event({ created: new Date().toISOString() })],
  ['data without object', () => event({ type: 'balance.low', data: { balance: 4.2, currency: 'GBP' } })],
  ['data.object null', () => event({ data: { object: null } })],
  ['data.object an array', () => event({ data: { object: [{ id: 'msg_1' }] } })],
  ['id a number', () => event({ id: 1_000_000 + ++n })],
  [
    "the reference sample receiver's flat body",
    () => ({ message_id: `msg_${++n}`, status: 'delivered', recipient: '447700900123', timestamp: now() }),
  ],
];
