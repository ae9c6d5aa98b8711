import type { Transport } from '../../internal/transport.js';
import { Members } from './members.js';

/** Organizations: `client.account.organizations`. */
export class Organizations {
  /** The organization's members. */
  declare readonly members: Members;

  /** @internal */
  constructor(transport: Transport) {
    this.members = new Members(transport);
  }
}
