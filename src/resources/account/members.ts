import type { APIPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { APIResource } from '../resource.js';
import type { OrganizationMember } from '../models/account.js';

export type { OrganizationMember, Role, Permission } from '../models/account.js';

/** Members of an organization. */
export class Members extends APIResource {
  /**
   * Lists an organization's members: the whole list, as a bare array
   * (GET /account/organizations/{organizationId}/members).
   *
   * @example const members = await client.account.organizations.members.list('org_123')
   */
  list(organizationId: string, opts?: RequestOptions): APIPromise<OrganizationMember[]> {
    return this._request('account.organizations.members.list', { path: [{ organizationId }] }, opts);
  }
}
