// The public surface of `gateway-sdk` as a user's compiler sees it: the Client's options, what each
// method takes and returns, and the promises' extra methods. Checked by `vitest` (typecheck mode).
import { describe, expectTypeOf, it } from 'vitest';
import {
  Client,
  type APIPromise,
  type CursorPage,
  type PagePromise,
  type ClientOptions,
  type Logger,
  type LogLevel,
  type Message,
  type OrganizationMember,
  type PaymentWebhook,
  type RequestOptions,
  type WithResponse,
  type Hooks,
} from 'gateway-sdk';
import { startMockServer } from 'gateway-sdk/testing';

declare const client: Client;

describe('ClientOptions', () => {
  it('has exactly the options the README documents, all optional', () => {
    expectTypeOf<keyof ClientOptions>().toEqualTypeOf<
      | 'apiKey'
      | 'testApiKey'
      | 'accessToken'
      | 'baseURL'
      | 'sandboxBaseURL'
      | 'serviceVersion'
      | 'responseValidation'
      | 'timeout'
      | 'totalTimeout'
      | 'maxRetries'
      | 'maxResponseBytes'
      | 'fetch'
      | 'defaultHeaders'
      | 'hooks'
      | 'logger'
      | 'logLevel'
      | 'dangerouslyAllowBrowser'
    >();
    expectTypeOf<Record<string, never>>().toExtend<ClientOptions>();
    expectTypeOf(Client).constructorParameters.toEqualTypeOf<[options?: ClientOptions | undefined]>();
  });

  it('types each option', () => {
    expectTypeOf<ClientOptions['apiKey']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ClientOptions['timeout']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ClientOptions['maxRetries']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ClientOptions['defaultHeaders']>().toEqualTypeOf<Record<string, string> | undefined>();
    expectTypeOf<ClientOptions['dangerouslyAllowBrowser']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<LogLevel>().toEqualTypeOf<'off' | 'error' | 'warn' | 'info' | 'debug'>();
    expectTypeOf<ClientOptions['logLevel']>().toEqualTypeOf<LogLevel | undefined>();
  });

  it('takes the global fetch and any console-like logger', () => {
    expectTypeOf<typeof fetch>().toExtend<NonNullable<ClientOptions['fetch']>>();
    expectTypeOf<Console>().toExtend<Logger>();
    expectTypeOf<{
      error(m: string): void;
      warn(m: string): void;
      info(m: string): void;
      debug(m: string): void;
    }>().toExtend<Logger>();
  });

  it('refuses a misspelt option and a wrongly typed one', () => {
    // @ts-expect-error: the option is `apiKey`.
    new Client({ apikey: 'sk_live_1' });
    // @ts-expect-error: `timeout` is milliseconds, a number.
    new Client({ timeout: '10s' });
    // @ts-expect-error: not a log level.
    new Client({ logLevel: 'verbose' });
  });

  it('takes the options of the mock server as they are', async () => {
    const server = await startMockServer();
    expectTypeOf(server.clientOptions).toExtend<ClientOptions>();
    expectTypeOf(server.url).toEqualTypeOf<string>();
  });
});

describe('methods', () => {
  it('each end with `opts?: RequestOptions` and return an APIPromise, or a PagePromise for lists', () => {
    // Every method of the client, found by walking its areas: a new one is covered without a line
    // here. Each method's params and answer are checked against its declaration by the compiler in
    // test/resources/operations.test.ts.
    expectTypeOf<Unconventional>().toEqualTypeOf<never>();
    expectTypeOf<MethodIds<Areas>>().toExtend<`${keyof Areas}.${string}.${string}`>();
  });

  it('take the documented per-request options', () => {
    expectTypeOf<RequestOptions>().toEqualTypeOf<{
      timeout?: number | undefined;
      totalTimeout?: number | undefined;
      maxRetries?: number | undefined;
      signal?: AbortSignal | undefined;
      headers?: Record<string, string> | undefined;
      idempotencyKey?: string | undefined;
      hooks?: Hooks | undefined;
      serviceVersion?: string | undefined;
    }>();
  });

  it('refuse a body without its required fields', () => {
    // @ts-expect-error: `message` is required.
    void client.sms.messages.create({ to: '447700900123' });
    // @ts-expect-error: the create request names the content `message`, not `body`.
    void client.sms.messages.create({ to: '447700900123', body: 'Hello' });
    // @ts-expect-error: `variables` is required.
    void client.sms.templates.send('tpl_welcome', { to: '447700900123' });
    // @ts-expect-error: an unknown list filter is refused (an ignored filter would widen the result).
    void client.sms.messages.list({ state: 'failed' });
  });
});

describe('APIPromise', () => {
  it('awaits to the value and gives the raw response on request', async () => {
    expectTypeOf(await client.sms.messages.retrieve('msg_1')).toEqualTypeOf<Message>();
    expectTypeOf(await client.account.organizations.members.list('org_1')).toEqualTypeOf<
      OrganizationMember[]
    >();
    const withResponse = await client.sms.messages.retrieve('msg_1').withResponse();
    expectTypeOf(withResponse).toEqualTypeOf<WithResponse<Message>>();
    expectTypeOf(withResponse.response).toEqualTypeOf<Response>();
    expectTypeOf(withResponse.requestId).toEqualTypeOf<string | undefined>();
    expectTypeOf<APIPromise<Message>>().toExtend<PromiseLike<Message>>();
  });
});

describe('PagePromise and CursorPage', () => {
  it('awaits to the first page and iterates items across pages', async () => {
    const page = await client.sms.messages.list({ status: 'failed' });
    expectTypeOf(page).toEqualTypeOf<CursorPage<Message>>();
    expectTypeOf(page.data).toEqualTypeOf<Message[]>();
    expectTypeOf(page.has_more).toEqualTypeOf<boolean>();
    expectTypeOf(page.next_cursor).toEqualTypeOf<string | null>();
    expectTypeOf(page.hasNextPage()).toEqualTypeOf<boolean>();
    expectTypeOf(page.getNextPage()).toEqualTypeOf<PagePromise<Message>>();
    for await (const message of client.sms.messages.list()) expectTypeOf(message).toEqualTypeOf<Message>();
    for await (const hook of client.payment.webhooks.list())
      expectTypeOf(hook).toEqualTypeOf<PaymentWebhook>();
    for await (const p of client.sms.messages.list().iterPages())
      expectTypeOf(p).toEqualTypeOf<CursorPage<Message>>();
  });

  it('needs a max to collect items into an array', () => {
    expectTypeOf(client.sms.messages.list().toArray({ max: 100 })).toEqualTypeOf<Promise<Message[]>>();
    // @ts-expect-error: max is required, so nobody loads an unbounded list by accident.
    void client.sms.messages.list().toArray();
    // @ts-expect-error: max is required.
    void client.sms.messages.list().toArray({});
  });
});

type Areas = Pick<Client, 'sms' | 'payment' | 'account'>;

// The ids of the methods reachable from `T`: `sms.messages.create`.
type MethodIds<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends (...args: never[]) => unknown
    ? `${Prefix}${K}`
    : MethodIds<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

// What sits at a dotted path of `T`.
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

// The last parameter, optional or not.
type LastParameter<F> = F extends (...args: infer A) => unknown
  ? Required<A> extends [...unknown[], infer L]
    ? L
    : never
  : never;

// The parameters before the last.
type Leading<F> = F extends (...args: infer A) => unknown
  ? Required<A> extends [...infer H, unknown]
    ? H
    : never
  : never;

// The methods whose last parameter is not an optional RequestOptions, or whose answer is neither promise.
type Unconventional = {
  [Id in MethodIds<Areas>]: [
    LastParameter<At<Areas, Id>>,
    At<Areas, Id> extends (...args: never[]) => infer R ? R : never,
  ] extends [RequestOptions, APIPromise<unknown> | PagePromise<unknown>]
    ? RequestOptions extends LastParameter<At<Areas, Id>>
      ? At<Areas, Id> extends (...args: Leading<At<Areas, Id>>) => unknown
        ? never
        : Id
      : Id
    : Id;
}[MethodIds<Areas>];
