import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/request.js';
import { APIResource } from '../../core/resource.js';
import { wireDateTime } from '../../core/schema.js';

/** Members of an organization. */
export class Members extends APIResource {
  protected readonly area = 'account';

  /**
   * Lists an organization's members: the whole list, as a bare array (GET /account/organizations/{organizationId}/members).
   *
   * @example const members = await client.account.organizations.members.list('org_123')
   */
  list(organizationId: string, opts?: RequestOptions): APIPromise<OrganizationMember[]> {
    return this._request('GET', () => ({ path: path`account/organizations/${{ organizationId }}/members` }), OrganizationMembers, opts);
  }
}

/** A permission granted by a role. */
export const Permission = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  resource: z.optional(z.string()),
  action: z.optional(z.string()),
});
/** A permission granted by a role. */
export type Permission = z.output<typeof Permission>;

/** A role in an organization. */
export const Role = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  permissions: z.optional(z.array(Permission)),
});
/** A role in an organization. */
export type Role = z.output<typeof Role>;

/** A member of an organization; field names are the service's (camelCase here). */
export const OrganizationMember = z.looseObject({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.optional(z.array(Role)),
  joinedAt: z.optional(wireDateTime()),
});
/** A member of an organization. */
export type OrganizationMember = z.output<typeof OrganizationMember>;

const OrganizationMembers = z.array(OrganizationMember);
