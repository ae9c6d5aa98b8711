import type { Transport } from '../../internal/transport.js';
import { Organizations } from './organizations.js';

/** The account area: `client.account`. */
export class Account {
  /** Organizations and their members. */
  declare readonly organizations: Organizations;

  /** @internal */
  constructor(transport: Transport) {
    this.organizations = new Organizations(transport);
  }
}
