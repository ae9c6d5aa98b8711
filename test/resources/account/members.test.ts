// client.account.organizations.members: every operation against the mock service (the wire, the typed result)
// and every request rule of api-reference.md, refused before any I/O.
import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type OrganizationMember, ResponseValidationError } from 'gateway-sdk';
import {
  describeRefusals,
  SMS,
  expectAreaHeaders,
  only,
  type Refusal,
  useMockClient,
} from '../../helpers/resources.js';

const api = useMockClient();
const { server, wire } = api;

describe('11. GET /account/organizations/{organizationId}/members', () => {
  it('sends the access token without Service-Version and returns the bare array', async () => {
    const members = await api.client.account.organizations.members.list('org_123');
    const request = only(wire);
    expect(request.url.href).toBe(`${SMS}/account/organizations/org_123/members`);
    expectAreaHeaders(request, 'at_mock', false);
    expect(Array.isArray(members)).toBe(true);
    expect(members).toEqual(api.mock.store.members.get('org_123'));
    expect(members[0]?.roles?.[0]?.permissions?.[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
    );
    expectTypeOf(members).toEqualTypeOf<OrganizationMember[]>();
  });
});

describe('forward compatibility', () => {
  it('rejects a member list that is not an array', async () => {
    server.use(
      http.get(`${SMS}/account/organizations/org_obj/members`, () => HttpResponse.json({ data: [] })),
    );
    await expect(api.client.account.organizations.members.list('org_obj')).rejects.toBeInstanceOf(
      ResponseValidationError,
    );
  });
});

const refused: Refusal[] = [
  [
    'organizationId empty',
    () => api.client.account.organizations.members.list(''),
    'organizationId',
    /non-empty/,
  ],
  [
    'organizationId not a string',
    () => api.client.account.organizations.members.list(42 as never),
    'organizationId',
    /non-empty string/,
  ],
];

describeRefusals(wire, refused);
