import { describe, expect, it } from 'vitest';
import { get, post, useMockService } from './helpers.js';

const mock = useMockService();

describe('GET /payment/customers/{id}', () => {
  it('answers the seeded customer cus_123', async () => {
    const res = await get(mock, '/payment/customers/cus_123');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: 'cus_123',
      email: 'jenny.rosen@example.com',
      name: 'Jenny Rosen',
      phone: '447700900123',
      metadata: { plan: 'pro' },
      default_payment_method: null,
      created_at: expect.any(String),
    });
  });

  it('answers customers added to the store', async () => {
    mock.store.addCustomer({ id: 'cus_new', name: 'New' });
    expect((await get(mock, '/payment/customers/cus_new')).body).toMatchObject({
      id: 'cus_new',
      name: 'New',
      default_payment_method: null,
    });
  });

  it('answers 404 customer_not_found for an unknown id', async () => {
    const res = await get(mock, '/payment/customers/cus_nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: 'not_found', code: 'customer_not_found', param: 'id' });
  });
});

describe('POST /payment/customers/{id}/payment_methods', () => {
  it('attaches and makes it the default with set_default: true', async () => {
    const res = await post(mock, '/payment/customers/cus_123/payment_methods', {
      payment_method: 'pm_456',
      set_default: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'cus_123', default_payment_method: 'pm_456' });
    expect(mock.store.paymentMethods.get('cus_123')).toEqual(['pm_456']);
    expect((await get(mock, '/payment/customers/cus_123')).body.default_payment_method).toBe('pm_456');
  });

  it('leaves the default alone without set_default', async () => {
    const res = await post(mock, '/payment/customers/cus_456/payment_methods', { payment_method: 'pm_new' });
    expect(res.body.default_payment_method).toBe('pm_card_visa');
    expect(mock.store.paymentMethods.get('cus_456')).toEqual(['pm_card_visa', 'pm_new']);
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await post(mock, '/payment/customers/cus_nope/payment_methods', { payment_method: 'pm_1' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('customer_not_found');
  });
});

describe('GET /account/organizations/{organizationId}/members', () => {
  it('answers a bare array of members with roles and permissions', async () => {
    const res = await get(mock, '/account/organizations/org_123/members');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(3);
    expect(res.body[0]).toEqual({
      id: 'usr_1',
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      roles: [
        {
          id: 'role_owner',
          name: 'owner',
          description: expect.any(String),
          permissions: expect.arrayContaining([
            {
              id: 'perm_members_write',
              name: 'members:write',
              description: expect.any(String),
              resource: 'members',
              action: 'write',
            },
          ]),
        },
      ],
      joinedAt: expect.any(String),
    });
  });

  it('answers [] for an organization without members', async () => {
    expect((await get(mock, '/account/organizations/org_empty/members')).body).toEqual([]);
  });

  it('answers 404 organization_not_found for an unknown organization', async () => {
    const res = await get(mock, '/account/organizations/org_nope/members');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'organization_not_found', param: 'organizationId' });
  });
});
