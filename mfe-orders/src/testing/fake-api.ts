import { demoUser, fakeApi as sharedFakeApi, ok, type FakeRoutes } from '@marketplace/shared/testing';

export { fail, ok, resetBrowser } from '@marketplace/shared/testing';

/**
 * The shared fake API server with what every orders screen may read besides its own calls: the payment
 * sheet shows the balance (`routes` may answer it otherwise).
 */
export const fakeApi = (routes: FakeRoutes) => sharedFakeApi({ 'GET /api/user/getUserInfo': ok(demoUser), ...routes });
