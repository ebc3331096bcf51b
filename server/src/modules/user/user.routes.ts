import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { accountOf, SHARED_ADDRESS_FACTOR, throttle, throttles } from '../../plugins/app/throttle';
import { currentUser } from '../../plugins/app/auth';
import type { RateLimitConfig } from '../../config/config';
import type { VerificationService } from '../verification/verification.service';
import {
  forgotPasswordResetBody,
  forgotPasswordSendBody,
  forgotPayResetBody,
  humanVerificationHeaders,
  loginBody,
  logoutQuery,
  profileBody,
  registerBody,
  resetPasswordBody,
  resetPayBody,
  emailVerifyBody,
  setLanguageQuery,
  tokenHeaders,
  verifyPayBody,
} from './user.schemas';
import type { AccountEmailService } from '../account-email/account-email.service';
import type { PasswordService } from '../password-reset/password.service';
import type { PaymentCodeService } from '../payment-code/payment-code.service';
import type { LanguagesService } from './languages.service';
import { toUserInfo } from './user-info';
import type { UserService } from './user.service';
import type { TrustedDevices } from './trusted-device';
import { shopperRouteKit } from './shopper-route-kit';

interface Deps {
  service: UserService;
  paymentCodes: PaymentCodeService;
  email: AccountEmailService;
  passwords: PasswordService;
  languages: LanguagesService;
  verification: VerificationService;
  authRateLimit: RateLimitConfig;
  devices: TrustedDevices;
}

const tags = ['user'];

export const userRoutes = async (
  app: FastifyInstance,
  { service, paymentCodes, email, passwords, languages, verification, authRateLimit, devices }: Deps,
) => {
  const { r, signedIn } = shopperRouteKit(app, tags);
  const requireHuman = async (request: { headers: Record<string, unknown> }) => {
    const header = request.headers['human-verification'];
    const cookie = request.headers.cookie;
    await verification.assertVerified(
      typeof header === 'string' ? header : undefined,
      typeof cookie === 'string' ? cookie : undefined,
    );
  };
  // Human verification runs in preValidation, before the body is judged: a bot learns nothing without a token.
  // Per IP and account, so one shopper's typos do not lock out a shared network and vice versa.
  const rateLimit = {
    max: authRateLimit.max,
    timeWindow: authRateLimit.windowMs,
    keyGenerator: (request: { ip: string; body?: unknown }) => {
      const account = (request.body as { account?: unknown } | undefined)?.account;
      return `${request.ip}|${typeof account === 'string' ? account.trim().toLowerCase() : ''}`;
    },
  };
  // A request without a valid human-check token is refused FIRST: it counts against no address and no
  // account, so strangers without tokens cannot spend an account's budget. Then across accounts from one
  // address, and across addresses for one account (the route's own limit above covers one address and one
  // account).
  const guestChecks = [
    requireHuman,
    ...throttles(
      app,
      'guest',
      { perIp: authRateLimit.max * 3, perSubject: authRateLimit.max * 2, windowMs: authRateLimit.windowMs },
      accountOf,
    ),
  ];
  // Sign-in has no fixed budget per account (strangers with tokens could spend it and block the owner):
  // the address limit bounds the argon2 work, the service's brake slows one account's guesses down.
  const signInChecks = [
    requireHuman,
    throttle(app, authRateLimit.max * 3, authRateLimit.windowMs, (request) => `signIn|ip|${request.ip}`),
  ];
  // Secret checks of a signed-in shopper: the lockout bounds guesses, this bounds the argon2 work. Keyed on
  // the shopper; the address limit is loose (many shoppers share a mobile carrier's address).
  const secretCheck = (name: string) => [
    app.requireUser,
    ...throttles(
      app,
      name,
      {
        perIp: authRateLimit.max * 3 * SHARED_ADDRESS_FACTOR,
        perSubject: authRateLimit.max * 3,
        windowMs: authRateLimit.windowMs,
      },
      (request) => String(currentUser(request).id),
    ),
  ];
  /** The options of a signed-in call that checks a secret: `secretCheck(name)` runs instead of the token check alone. */
  const secretChecked = <Schema extends object>(name: string, summary: string, schema?: Schema) => ({
    ...signedIn(summary, schema),
    preHandler: secretCheck(name),
  });

  r.post(
    '/api/user/register',
    {
      config: { rateLimit },
      preValidation: guestChecks,
      schema: { tags, summary: 'Register a shopper', body: registerBody, headers: humanVerificationHeaders },
    },
    async (request) => {
      await service.register(request.body);
      return ok(request, null, 'ok.register');
    },
  );

  r.post(
    '/api/user/login',
    {
      preValidation: signInChecks,
      schema: { tags, summary: 'Log in; data.userinfo.token', body: loginBody, headers: humanVerificationHeaders },
    },
    async (request, reply) => {
      const account = request.body.account.trim().toLowerCase();
      const device = devices.read(request.headers.cookie, account);
      const result = await service.login(request.body, device);
      reply.header('set-cookie', devices.cookie(account, device, request.protocol === 'https'));
      return ok(request, result, 'ok.login');
    },
  );

  r.post(
    '/api/user/logout',
    // Idempotent: a token that is already expired, revoked or unknown (or none) is logged out too, so the
    // shell's "user info failed, log out, then /login" branch holds for a stale token (requirements §2.3).
    {
      schema: {
        headers: tokenHeaders,
        tags,
        summary: 'Log out (revokes this token; any token logs out)',
        querystring: logoutQuery,
      },
    },
    async (request) => {
      const header = request.headers.token;
      const token = Array.isArray(header) ? header[0] : header;
      if (token) await service.logout(token);
      return ok(request, null, 'ok.logout');
    },
  );

  r.get('/api/user/getUserInfo', signedIn('Signed-in user'), async (request) =>
    ok(request, toUserInfo(currentUser(request))),
  );

  r.post('/api/user/profile', signedIn('Update profile', { body: profileBody }), async (request) =>
    ok(request, await service.updateProfile(currentUser(request), request.body), 'ok.save'),
  );

  r.post(
    '/api/user/email/send_code',
    secretChecked('emailCode', 'Mail a code that proves the shopper reads their email'),
    async (request) => {
      await email.sendEmailCode(currentUser(request));
      return ok(request, null, 'ok.emailCodeSent');
    },
  );

  r.post(
    '/api/user/email/verify',
    secretChecked('emailVerify', 'Mark the email verified with the mailed code', { body: emailVerifyBody }),
    async (request) =>
      ok(request, await email.verifyEmail(currentUser(request), request.body.code), 'ok.emailVerified'),
  );

  r.post(
    '/api/user/resetpwd',
    secretChecked('resetpwd', 'Change login password; ends all sessions', { body: resetPasswordBody }),
    async (request) => {
      await passwords.changePassword(currentUser(request), request.body);
      return ok(request, null, 'ok.change');
    },
  );

  r.post(
    '/api/user/resetPay',
    secretChecked('resetPay', 'Set or change the payment code', { body: resetPayBody }),
    async (request) => {
      await paymentCodes.setPaymentCode(currentUser(request), request.body);
      return ok(request, null, 'ok.setting');
    },
  );

  // "Forgot payment code?": a code mailed to the shopper's email instead of the old payment code. Both
  // throttled like the other secret checks; the code's own attempts are counted before it is checked.
  r.post(
    '/api/user/forgot_pay/send',
    secretChecked('forgotPaySend', 'Mail a one-time code that resets the payment code'),
    async (request) => {
      await paymentCodes.sendPaymentCodeResetCode(currentUser(request));
      return ok(request, null, 'ok.emailCodeSent');
    },
  );

  r.post(
    '/api/user/forgot_pay/reset',
    secretChecked('forgotPayReset', 'Set a new payment code with the mailed code; clears the payment-code lock', {
      body: forgotPayResetBody,
    }),
    async (request) => {
      await paymentCodes.resetForgottenPaymentCode(currentUser(request), request.body);
      return ok(request, null, 'ok.setting');
    },
  );

  r.post(
    '/api/user/verify_pay',
    secretChecked('verifyPay', 'Check the payment code (locks after 5 failures)', { body: verifyPayBody }),
    async (request) => {
      await paymentCodes.verifyPaymentCode(currentUser(request), request.body.paymentCode);
      return ok(request, null, 'ok.verified');
    },
  );

  r.get('/api/user/language_list', { schema: { tags, summary: 'Supported languages' } }, async (request) =>
    ok(request, languages.listLanguages()),
  );

  r.get(
    '/api/user/set_language',
    signedIn('Store the language on the user', { querystring: setLanguageQuery }),
    async (request) => {
      await languages.setLanguage(currentUser(request), request.query.lang);
      return ok(request, null, 'ok.setting');
    },
  );

  r.post(
    '/api/user/forgot_password/send',
    {
      config: { rateLimit },
      preValidation: guestChecks,
      schema: {
        tags,
        summary: 'Mail a one-time reset code',
        body: forgotPasswordSendBody,
        headers: humanVerificationHeaders,
      },
    },
    async (request) => {
      await passwords.sendResetCode(request.body.account);
      return ok(request, null, 'ok.codeSent');
    },
  );

  r.post(
    '/api/user/forgot_password/reset',
    {
      config: { rateLimit },
      preValidation: guestChecks,
      schema: {
        tags,
        summary: 'Reset the password with the mailed code; ends all sessions',
        body: forgotPasswordResetBody,
        headers: humanVerificationHeaders,
      },
    },
    async (request) => {
      await passwords.resetForgottenPassword(request.body);
      return ok(request, null, 'ok.change');
    },
  );
};
