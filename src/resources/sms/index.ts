import type { Transport } from '../../internal/transport.js';
import { Bulk } from './bulk.js';
import { Messages } from './messages.js';
import { Templates } from './templates.js';
import { SmsWebhooks } from './webhooks.js';

/** The SMS area: `client.sms`. */
export class Sms {
  /** Single sends, lookups and lists. */
  declare readonly messages: Messages;
  /** One message to many recipients. */
  declare readonly bulk: Bulk;
  /** Sends built from templates. */
  declare readonly templates: Templates;
  /** Webhook registrations for message events. */
  declare readonly webhooks: SmsWebhooks;

  /** @internal */
  constructor(transport: Transport) {
    this.messages = new Messages(transport);
    this.bulk = new Bulk(transport);
    this.templates = new Templates(transport);
    this.webhooks = new SmsWebhooks(transport);
  }
}
