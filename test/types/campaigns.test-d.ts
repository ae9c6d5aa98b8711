// The types of bulk.createAll and messages.createMany as a user's compiler sees them: any
// iterable or async iterable in, results that narrow on `ok`, options that accept `undefined`.
import { describe, expectTypeOf, it } from 'vitest';
import type { BulkJob, Client, GatewayError, Message } from 'gateway-sdk';
import {
  createAll,
  createMany,
  type BulkCreateAllOptions,
  type BulkCreateAllResult,
  type CreateManyItem,
  type CreateManyIterator,
  type CreateManyResult,
} from 'gateway-sdk/campaigns';

declare const client: Client;
declare const stream: AsyncIterable<string>;

describe('bulk.createAll', () => {
  it('takes recipients from an array, a Set, a generator or an async iterable', () => {
    expectTypeOf(createAll(client, { recipients: ['447700900123'], message: 'Hi' })).toEqualTypeOf<
      Promise<BulkCreateAllResult>
    >();
    void createAll(client, { recipients: new Set(['447700900123']), message: 'Hi' });
    void createAll(client, { recipients: stream, message: 'Hi', route: 'promotional' });
    // @ts-expect-error message is required, as on bulk.create
    void createAll(client, { recipients: stream });
    // @ts-expect-error otp is not offered for bulk
    void createAll(client, { recipients: stream, message: 'Hi', route: 'otp' });
  });

  it('options accept undefined for every field', () => {
    const options: BulkCreateAllOptions = {
      idempotencyKey: undefined,
      chunkSize: undefined,
      concurrency: undefined,
      onProgress: undefined,
      signal: undefined,
    };
    void createAll(client, { recipients: stream, message: 'Hi' }, options);
  });

  it('reports jobs, failed chunks with their recipients, and invalid entries', () => {
    const result = {} as BulkCreateAllResult;
    expectTypeOf(result.jobs[0]?.job).toEqualTypeOf<BulkJob | undefined>();
    expectTypeOf(result.failed[0]?.recipients).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(result.failed[0]?.error).toEqualTypeOf<GatewayError | undefined>();
    expectTypeOf(result.invalid[0]?.index).toEqualTypeOf<number | undefined>();
    expectTypeOf(result.aborted).toEqualTypeOf<boolean>();
  });
});

describe('messages.createMany', () => {
  it('returns an async iterator of results that narrow on ok', async () => {
    const many = createMany(client, [{ to: '447700900123', message: 'Hi' }]);
    expectTypeOf(many).toEqualTypeOf<CreateManyIterator>();
    expectTypeOf(many.idempotencyKey).toEqualTypeOf<string>();
    for await (const r of many) {
      expectTypeOf(r).toEqualTypeOf<CreateManyResult>();
      if (r.ok) expectTypeOf(r.message).toEqualTypeOf<Message>();
      else expectTypeOf(r.error).toEqualTypeOf<GatewayError>();
    }
  });

  it("items are messages.create's body with an optional key", () => {
    const item: CreateManyItem = { to: '447700900123', message: 'Hi', idempotencyKey: undefined };
    void createMany(client, [item], { concurrency: 16, idempotencyKey: 'batch-1' });
    // @ts-expect-error to is required
    void createMany(client, [{ message: 'Hi' }]);
  });
});

describe('gateway-sdk/campaigns', () => {
  it('takes the client, not one of its resources', () => {
    // @ts-expect-error: the first argument is the Client (TS2345, or TS2740 on TypeScript 7).
    void createMany(client.sms.messages, [{ to: '447700900123', message: 'Hi' }]);
    // @ts-expect-error: the first argument is the Client (TS2345, or TS2740 on TypeScript 7).
    void createAll(client.sms.bulk, { recipients: stream, message: 'Hi' });
  });

  it('replaces the methods of client.sms', () => {
    // @ts-expect-error: TS2339, createMany is a function of gateway-sdk/campaigns.
    void client.sms.messages.createMany;
    // @ts-expect-error: TS2551, createAll is a function of gateway-sdk/campaigns.
    void client.sms.bulk.createAll;
  });
});
