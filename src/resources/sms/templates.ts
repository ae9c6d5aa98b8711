import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../../core/resource.js';
import { parseInput } from '../../core/schema.js';
import { phone, routeParam, senderId } from './fields.js';
import { Message } from './messages.js';

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
        body: parseInput(TemplateSendParams, body, 'TemplateSendParams'),
      }),
      Message,
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
export const TemplateSendParams = z.looseObject({
  /** Recipient, like `to` on a single send (a leading `+` is stripped). */
  to: phone,
  /** Values substituted into the template, by name: strings, numbers or booleans. */
  variables: variables,
  /** Sender ID, at most 11 characters. */
  from: z.optional(senderId),
  /** `otp`, `transactional` or `promotional`. */
  route: z.optional(routeParam),
});
/**
 * Body of `templates.send`.
 *
 * @interface
 */
export type TemplateSendParams = z.input<typeof TemplateSendParams>;
