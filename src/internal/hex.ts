// Lowercase hex, the one spelling the SDK writes bytes in: webhook signatures (the reference's
// "lowercase hex encoding"), the receiver's ids, the mock's secrets and event ids, script digests.

/** The first `length` bytes of `bytes` (all by default) as lowercase hex, two digits a byte. */
export function toHex(bytes: Uint8Array, length?: number): string {
  let out = '';
  // subarray(0, undefined) runs to the end: no default needed for "all".
  for (const b of bytes.subarray(0, length)) out += (b | 256).toString(16).slice(1);
  return out;
}
