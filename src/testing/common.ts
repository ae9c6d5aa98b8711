// Everything of `gateway-sdk/testing` that runs anywhere: the Node build (index.ts) adds the
// loopback server, the browser build (browser.ts) a stand-in that says it needs Node.

export {
  createMockService,
  DEFAULT_BASE_URL,
  DEFAULT_CREDENTIALS,
  DEFAULT_SANDBOX_BASE_URL,
  type MockClientOptions,
  type MockFetch,
  type MockService,
  type MockServiceOptions,
} from './service.js';
export {
  makeEvent,
  MOCK_API_VERSION,
  signedDelivery,
  type MakeEventOptions,
  type MockEvent,
  type SignedDelivery,
} from './deliveries.js';
export {
  DELIVERY_TIMEOUT_MS,
  EVENT_LIFETIME_MS,
  forwardTo,
  RETRY_DELAYS_MS,
  type DeliverFunction,
  type MockDelivery,
  type MockDeliveryAttempt,
  type MockDeliveryState,
} from './dispatch.js';
export { MockConnectionReset, type InjectOptions, type MockFault, type MockRouteKey } from './faults.js';
export { MAX_BODY_BYTES } from './router.js';
export { EXPIRE_AFTER_MS, ROUTE_TIMELINE_MS } from './store.js';
export type { MockStore, NewMessage, Overrides, RouteTimeline, StatusFields } from './store.js';
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
