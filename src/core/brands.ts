// The brands every copy of the SDK in the process sets on its errors and the guards read
// (core/error-guards.ts): registered symbols, so each entry and each copy that builds them gets the
// same symbol, where `instanceof` sees one copy's classes only. No JSON value can carry one, so a
// parsed body or a log line that names a brand is data, not an error.

/** Set (as a getter on its prototype) by every `GatewayError`. */
export const ERROR_BRAND = /* @__PURE__ */ Symbol.for('gateway-sdk.GatewayError');
/** Set by every `APIError`'s constructor. */
export const API_ERROR_BRAND = /* @__PURE__ */ Symbol.for('gateway-sdk.APIError');
