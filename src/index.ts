// The public entry: the Client, its types, the errors and the webhook helpers. Nothing internal.
export { Client } from './client.js';
export { SERVICE_VERSION } from './core/version.js';
export {
  DEFAULT_SERVICE_VERSION,
  type ClientOptions,
  type RequestOptions,
  type ResponseValidation,
  type Hooks,
} from './core/options.js';
export type {
  AfterResponseHook,
  BeforeErrorHook,
  BeforeRequestHook,
  BeforeRetryHook,
  ForcedRetry,
  HookErrorState,
  HookOptions,
  HookResponseState,
  HookState,
} from './core/hooks.js';
export { APIPromise, type WithResponse } from './core/api-promise.js';
export { CursorPage, PagePromise } from './core/pagination.js';
export type { Logger, LogLevel } from './core/logger.js';
export {
  GatewayError,
  ConfigurationError,
  WebhookVerificationError,
  type GatewayErrorName,
  type APIErrorName,
  type ValidationIssue,
  type WebhookVerificationReason,
} from './core/errors.js';
export {
  ValidationError,
  APIError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  IdempotencyKeyReusedError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ResponseValidationError,
  ResponseTooLargeError,
  type APIErrorInit,
  type ConnectionErrorInit,
  type TimeoutErrorInit,
} from './core/client-errors.js';
export { isGatewayError, isAPIError, type AnyGatewayError, type AnyAPIError } from './core/error-guards.js';
export type { MessageStatus, Route, MessageListParams } from './resources/sms/messages.js';
export type {
  Message,
  MessageCreateParams,
  BulkJob,
  BulkJobStatus,
  BulkCreateParams,
} from './resources/models/sms.js';
export type { TemplateSendParams } from './resources/sms/templates.js';
export type {
  SmsWebhook,
  SmsWebhookEventName,
  SmsWebhookRetryConfig,
  SmsWebhookCreateParams,
} from './resources/sms/webhooks.js';
export type { PaymentWebhook, PaymentWebhookListParams } from './resources/payment/webhooks.js';
export type { Customer } from './resources/models/payment.js';
export type { PaymentMethodAttachParams } from './resources/payment/payment-methods.js';
export type { OrganizationMember, Role, Permission } from './resources/account/members.js';
export { Webhooks, createWebhooks } from './webhooks.js';
export type {
  WebhookEnvelope,
  WebhookEvent,
  WebhookEventType,
  UnknownWebhookEvent,
  WebhookMessage,
  WebhookCustomer,
  WebhookRawBody,
  WebhooksApi,
  WebhooksOptions,
  WebhookCrypto,
  WebhookEventHandlers,
  WebhookEventOf,
  WebhookHandler,
  WebhookHandlerOptions,
  WebhookHandlerOutcome,
  NodeIncomingRequest,
  NodeServerResponse,
  NodeWebhookHandler,
  DedupeState,
  DedupeStore,
  MemoryStoreOptions,
  RedisClientLike,
  RedisStoreOptions,
} from './webhooks.js';
export type { UnknownEnumValue } from './core/open-enum.js';
export { LIMITS, type Limits } from './limits.js';
export { createWebhookHandler, toNodeHandler, memoryStore, redisStore } from './webhooks.js';
export { VERSION } from './version.js';
