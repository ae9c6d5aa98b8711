// The account endpoint (the API reference's Endpoint 11): no Service-Version, a bare JSON array.
import { notFound } from '../errors.js';
import type { Route } from '../router.js';
import { declared } from './declared.js';

/** GET /account/organizations/{organizationId}/members */
const listMembers: Route = {
  ...declared('account.organizations.members.list'),
  handle({ params, store }) {
    const id = params['organizationId'] ?? '';
    const members = store.members.get(id);
    if (members === undefined) throw notFound('organization_not_found', 'organizationId', 'organization', id);
    return { body: members };
  },
};

/** The account routes. */
export const accountRoutes: Route[] = [listMembers];
