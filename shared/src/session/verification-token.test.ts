import { clearVerificationToken, readVerificationToken, storeVerificationToken } from './verification-token';

describe('human-verification token', () => {
  beforeEach(() => sessionStorage.clear());

  it('is kept for the browser session under humanVerification', () => {
    const token = { verificationToken: 'abc', expiresAt: new Date(Date.now() + 60_000).toISOString() };
    storeVerificationToken(token);
    expect(JSON.parse(sessionStorage.getItem('humanVerification') ?? 'null')).toEqual(token);
    expect(readVerificationToken()).toEqual(token);
  });

  it('counts an expired token as none, so the check shows again', () => {
    storeVerificationToken({ verificationToken: 'abc', expiresAt: new Date(Date.now() - 1).toISOString() });
    expect(readVerificationToken()).toBeNull();
  });

  it('is gone after clearing', () => {
    storeVerificationToken({ verificationToken: 'abc', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    clearVerificationToken();
    expect(readVerificationToken()).toBeNull();
  });
});
