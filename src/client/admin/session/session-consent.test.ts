import { afterEach, expect, it } from 'vitest';
import { ADMIN_LANDING, afterSignIn, rememberConsentRequest } from './session';

afterEach(() => sessionStorage.clear());

it('goes back once to a consent request met before the sign-in, else to the landing screen', () => {
  expect(afterSignIn()).toBe(ADMIN_LANDING);
  rememberConsentRequest('abc_DEF-123');
  expect(afterSignIn()).toBe('/admin/connect?request=abc_DEF-123');
  // Taken once: the next sign-in lands as usual.
  expect(afterSignIn()).toBe(ADMIN_LANDING);
  // Only a request id is kept: whatever it holds stays inside the consent screen's query.
  rememberConsentRequest('x&next=//evil.test');
  expect(afterSignIn()).toBe('/admin/connect?request=x%26next%3D%2F%2Fevil.test');
});
