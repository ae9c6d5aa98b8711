// The `gateway-sdk/testing` entry: a mock of the whole API for your tests (MSW handlers over an
// in-memory store), the same mock on a loopback HTTP server, and signed webhook deliveries.
// Needs the optional peer dependency `msw` (2.x). docs/mock-service.md describes every choice.

export {
  createMockService,
  DEFAULT_BASE_URL,
  DEFAULT_CREDENTIALS,
  DEFAULT_SANDBOX_BASE_URL,
  type MockClientOptions,
  type MockService,
  type MockServiceOptions,
} from './service.js';
export { startMockServer, type MockServer, type MockServerOptions } from './server.js';
export {
  makeEvent,
  MOCK_API_VERSION,
  signedDelivery,
  type MakeEventOptions,
  type MockEvent,
  type SignedDelivery,
} from './deliveries.js';
export type { MockStore, NewMessage, Overrides } from './store.js';
export type { MockErrorBody, MockErrorType } from './errors.js';
export { SEEDED_WEBHOOK_SECRET } from './fixtures.js';
export { PRICE_PER_SEGMENT, SEGMENT_LENGTH } from './pricing.js';
export type {
  MockBulkJob,
  MockCustomer,
  MockMessage,
  MockMessageStatus,
  MockOrganizationMember,
  MockPaymentWebhook,
  MockPermission,
  MockRetryConfig,
  MockRole,
  MockRoute,
  MockSmsWebhook,
  MockTemplate,
} from './types.js';
