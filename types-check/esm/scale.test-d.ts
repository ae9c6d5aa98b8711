// The types of bulk.createAll and messages.createMany as a user's compiler sees them: any
// iterable or async iterable in, results that narrow on `ok`, options that accept `undefined`.
import { describe, expectTypeOf, it } from 'vitest';
import type { Client } from 'gateway-sdk';
import {
  type BulkCreateAllOptions,
  type BulkCreateAllResult,
  type BulkJob,
  type CreateManyItem,
  type CreateManyIterator,
  type CreateManyResult,
  type GatewayError,
  type Message,
} from 'gateway-sdk';

declare const client: Client;
declare const stream: AsyncIterable<string>;

describe('bulk.createAll', () => {
  it('takes recipients from an array, a Set, a generator or an async iterable', () => {
    expectTypeOf(client.sms.bulk.createAll({ recipients: ['447700900123'], message: 'Hi' })).toEqualTypeOf<
      Promise<BulkCreateAllResult>
    >();
    void client.sms.bulk.createAll({ recipients: new Set(['447700900123']), message: 'Hi' });
    void client.sms.bulk.createAll({ recipients: stream, message: 'Hi', route: 'promotional' });
    // @ts-expect-error message is required, as on bulk.create
    void client.sms.bulk.createAll({ recipients: stream });
    // @ts-expect-error otp is not offered for bulk
    void client.sms.bulk.createAll({ recipients: stream, message: 'Hi', route: 'otp' });
  });

  it('options accept undefined for every field', () => {
    const options: BulkCreateAllOptions = {
      idempotencyKey: undefined,
      chunkSize: undefined,
      concurrency: undefined,
      onProgress: undefined,
      signal: undefined,
    };
    void client.sms.bulk.createAll({ recipients: stream, message: 'Hi' }, options);
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
    const many = client.sms.messages.createMany([{ to: '447700900123', message: 'Hi' }]);
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
    void client.sms.messages.createMany([item], { concurrency: 16, idempotencyKey: 'batch-1' });
    // @ts-expect-error to is required
    void client.sms.messages.createMany([{ message: 'Hi' }]);
  });
});
