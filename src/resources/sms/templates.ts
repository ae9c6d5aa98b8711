import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../internal/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../internal/resource.js';
import { type Accepts, type Assert, parseInput, closedObject } from '../../internal/schema.js';
import { phone, type Route, routeParam, senderId } from './fields.js';
import { type Message, MessageSchema } from './models.js';

/** Templates: messages built from a stored text with variables. */
export class Templates extends APIResource {
  protected readonly area = 'sms';

  /**
   * Sends a message built from a template (POST /sms/templates/{template_id}/send).
   *
   * @example await client.sms.templates.send('tpl_welcome', { to: '+447700900123', variables: { name: 'Ada' } })
   */
  send(templateId: string, body: TemplateSendParams, opts?: RequestOptions): APIPromise<Message> {
    return this._request(
      'POST',
      () => ({
        path: path`sms/templates/${{ templateId }}/send`,
        body: parseInput(TemplateSendParamsSchema, body, 'TemplateSendParams'),
      }),
      MessageSchema,
      opts,
    );
  }
}

/** Template variables by name: strings, numbers or booleans, written into the text. */
type Variables = Record<string, string | number | boolean>;
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values written into the template's text: strings, numbers or booleans, each named. */
const variables = z
  .custom<Variables>(isPlainObject, {
    error: 'must be an object of strings, numbers or booleans to substitute into the template',
  })
  .check(
    z.superRefine((value: Variables, ctx) => {
      for (const [name, v] of Object.entries(value)) {
        if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
          ctx.issues.push({
            code: 'custom',
            input: v,
            path: [name],
            message: 'must be a string, number or boolean',
          });
        }
      }
    }),
  );

/** Body of `templates.send`. */
export interface TemplateSendParams {
  /** Recipient, like `to` on a single send (a leading `+` is stripped). */
  to: string;
  /** Values substituted into the template, by name: strings, numbers or booleans. */
  variables: Record<string, string | number | boolean>;
  /** Sender ID, at most 11 characters. */
  from?: string | undefined;
  /** `otp`, `transactional` or `promotional`. */
  route?: Route | undefined;
}

/** Checks a `templates.send` body. Closed: the reference's request table is complete. */
export const TemplateSendParamsSchema = closedObject({
  to: phone,
  variables: variables,
  from: z.optional(senderId),
  route: z.optional(routeParam),
});
type _TemplateSendParamsTie = Assert<Accepts<typeof TemplateSendParamsSchema, TemplateSendParams>>;
