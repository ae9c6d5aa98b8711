import type { PipelineConfig } from '../../internal/request.js';
import { Bulk } from './bulk.js';
import { Messages } from './messages.js';
import { Templates } from './templates.js';
import { SmsWebhooks } from './webhooks.js';

/** The SMS area: `client.sms`. */
export class Sms {
  /** Single sends, lookups and lists. */
  readonly messages: Messages;
  /** One message to many recipients. */
  readonly bulk: Bulk;
  /** Sends built from templates. */
  readonly templates: Templates;
  /** Webhook registrations for message events. */
  readonly webhooks: SmsWebhooks;

  /** @internal */
  constructor(config: PipelineConfig) {
    this.messages = new Messages(config);
    this.bulk = new Bulk(config);
    this.templates = new Templates(config);
    this.webhooks = new SmsWebhooks(config);
  }
}
