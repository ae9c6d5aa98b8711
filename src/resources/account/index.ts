import type { PipelineConfig } from '../../internal/request.js';
import { Organizations } from './organizations.js';

/** The account area: `client.account`. */
export class Account {
  /** Organizations and their members. */
  readonly organizations: Organizations;

  /** @internal */
  constructor(config: PipelineConfig) {
    this.organizations = new Organizations(config);
  }
}
