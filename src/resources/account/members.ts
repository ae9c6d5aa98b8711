import * as z from 'zod/mini';
import type { APIPromise } from '../../core/api-promise.js';
import { path } from '../../core/path.js';
import type { RequestOptions } from '../../core/options.js';
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
    return this._request(
      'GET',
      () => ({ path: path`account/organizations/${{ organizationId }}/members` }),
      OrganizationMembers,
      opts,
    );
  }
}

/** A permission granted by a role. */
export const Permission = z.looseObject({
  /** Permission identifier. */
  id: z.string(),
  /** Permission name. */
  name: z.string(),
  /** What it allows, in words. */
  description: z.optional(z.string()),
  /** The resource it applies to. */
  resource: z.optional(z.string()),
  /** The action it allows on that resource. */
  action: z.optional(z.string()),
});
/**
 * A permission granted by a role.
 *
 * @interface
 */
export type Permission = z.output<typeof Permission>;

/** A role in an organization. */
export const Role = z.looseObject({
  /** Role identifier. */
  id: z.string(),
  /** Role name, e.g. `admin`. */
  name: z.string(),
  /** What the role is for. */
  description: z.optional(z.string()),
  /** The permissions the role grants. */
  permissions: z.optional(z.array(Permission)),
});
/**
 * A role in an organization.
 *
 * @interface
 */
export type Role = z.output<typeof Role>;

/** A member of an organization; field names are the service's (camelCase here). */
export const OrganizationMember = z.looseObject({
  /** User identifier. */
  id: z.string(),
  /** Email address. */
  email: z.string(),
  /** Given name. */
  firstName: z.string(),
  /** Family name. */
  lastName: z.string(),
  /** Roles in the organization. */
  roles: z.optional(z.array(Role)),
  /** When the user joined, ISO 8601. */
  joinedAt: z.optional(wireDateTime()),
});
/**
 * A member of an organization.
 *
 * @interface
 */
export type OrganizationMember = z.output<typeof OrganizationMember>;

const OrganizationMembers = z.array(OrganizationMember);
