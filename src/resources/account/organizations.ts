import type { PipelineConfig } from '../../internal/request.js';
import { Members } from './members.js';

/** Organizations: `client.account.organizations`. */
export class Organizations {
  /** The organization's members. */
  readonly members: Members;

  /** @internal */
  constructor(config: PipelineConfig) {
    this.members = new Members(config);
  }
}
