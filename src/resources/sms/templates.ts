import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
import { parseInput } from '../../core/schema.js';
import { ROUTES, phone, senderId } from './fields.js';
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
      () => ({ path: path`sms/templates/${{ templateId }}/send`, body: parseInput(TemplateSendParams, body, 'TemplateSendParams') }),
      Message,
      opts,
    );
  }
}

/** Body of `templates.send`. */
export const TemplateSendParams = z.looseObject({
  to: phone,
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()], { error: 'must be a string, number or boolean' }), {
    error: 'must be an object of strings, numbers or booleans to substitute into the template',
  }),
  from: z.optional(senderId),
  route: z.optional(z.enum(ROUTES, { error: `must be one of ${ROUTES.join(', ')}` })),
});
/** Body of `templates.send`. */
export type TemplateSendParams = z.input<typeof TemplateSendParams>;
