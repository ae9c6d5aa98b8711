// Bodies the service sends, shared by tests that answer with them from their own handlers.

/** A message as the service returns it on the wire. */
export const message = {
  id: 'msg_1',
  to: '447700900123',
  from: 'ACME',
  body: 'hi',
  status: 'queued',
  created_at: '2026-01-01T00:00:00Z',
};

/** Message `i` of a list as the service sends it: id `msg_<i>`, body `n<i>`. */
export const listedMessage = (i: number) => ({
  id: `msg_${i}`,
  to: '447700900123',
  from: 'ACME',
  body: `n${i}`,
  status: 'sent',
  created_at: '2026-01-01T00:00:00Z',
});
