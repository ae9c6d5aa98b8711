import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { Message, TemplateSendParams } from '../models/sms.js';

export type { TemplateSendParams } from '../models/sms.js';

/** Templates: messages built from a stored text with variables. */
export class Templates extends APIResource {
  /**
   * Sends a message built from a template (POST /sms/templates/{template_id}/send).
   *
   * @example await client.sms.templates.send('tpl_welcome', { to: '+447700900123', variables: { name: 'Ada' } })
   */
  send(templateId: string, body: TemplateSendParams, opts?: RequestOptions): APIPromise<Message> {
    return this._request('sms.templates.send', { path: [{ templateId }], body }, opts);
  }
}
