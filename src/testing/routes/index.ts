// Every route of the mock: one per declared operation (resources/operations.ts), which
// test/resources/operations.test.ts checks both ways.
import type { Route } from '../router.js';
import { accountRoutes } from './account.js';
import { paymentRoutes } from './payment.js';
import { smsRoutes } from './sms.js';

/** Every route the mock serves, area by area, in the reference's order. */
export const ROUTES: readonly Route[] = [...smsRoutes, ...paymentRoutes, ...accountRoutes];
