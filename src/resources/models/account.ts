// The account models, with their schemas. The resources import only their types: the schemas
// load with the engine on the first request (resources/engine.ts).
import * as z from 'zod/mini';
import { type Assert, list, optional, type ParsesTo, typedAs, wireString } from '../../internal/schema.js';

// Fields the service adds later are kept on these objects at run time without being typed: reach
// one with `'field' in member` (docs/decisions/closed-responses.md). A compile error at a `_…Tie` means a
// schema and its interface no longer name the same fields.
// A response date-time is kept as the wire string: a plain wireString, as in every models file.

/** A permission granted by a role. */
export interface Permission {
  /** Permission identifier. */
  id: string;
  /** Permission name. */
  name: string;
  /** What it allows, in words. */
  description?: string;
  /** The resource it applies to. */
  resource?: string;
  /** The action it allows on that resource. */
  action?: string;
}

const permission = z.looseObject({
  id: wireString,
  name: wireString,
  description: optional(wireString),
  resource: optional(wireString),
  action: optional(wireString),
});
type _PermissionTie = Assert<ParsesTo<typeof permission, Permission>>;

/** A role in an organization. */
export interface Role {
  /** Role identifier. */
  id: string;
  /** Role name, e.g. `admin`. */
  name: string;
  /** What the role is for. */
  description?: string;
  /** The permissions the role grants. */
  permissions?: Permission[];
}

const role = z.looseObject({
  id: wireString,
  name: wireString,
  description: optional(wireString),
  permissions: optional(list(typedAs<Permission>(permission))),
});
type _RoleTie = Assert<ParsesTo<typeof role, Role>>;

/** A member of an organization; field names are the service's (camelCase here). */
export interface OrganizationMember {
  /** User identifier. */
  id: string;
  /** Email address. */
  email: string;
  /** Given name. */
  firstName: string;
  /** Family name. */
  lastName: string;
  /** Roles in the organization. */
  roles?: Role[];
  /** When the user joined, ISO 8601. */
  joinedAt?: string;
}

const organizationMember = z.looseObject({
  id: wireString,
  email: wireString,
  firstName: wireString,
  lastName: wireString,
  roles: optional(list(typedAs<Role>(role))),
  joinedAt: optional(wireString),
});
type _OrganizationMemberTie = Assert<ParsesTo<typeof organizationMember, OrganizationMember>>;

/** Parses the bare array `members.list` answers with. */
export const OrganizationMembers = typedAs<OrganizationMember[]>(list(organizationMember));

/** The schemas this area's operations name, for the engine's table (why a table: `SMS_SCHEMAS`). */
export const ACCOUNT_SCHEMAS = { OrganizationMembers };
