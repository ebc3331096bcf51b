import { Secret, TOTP } from 'otpauth';
import { call, type TestApp } from './harness';

/** A signed-in operator: what the test needs to sign in again and to make calls. */
export interface Operator {
  id: number;
  name: string;
  password: string;
  secret: string;
  token: string;
  headers: { 'operator-token': string };
}

/** The code an authenticator shows at the app's clock (`stepOffset` 30-second steps later). */
export const totpCode = (t: TestApp, secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: t.config.now().getTime() + stepOffset * 30_000,
  });

/** The bootstrap code from the command `npm start` prints while no admin exists. */
export const bootstrapCode = async (t: TestApp): Promise<string> => {
  const hint = await t.app.operatorAccounts.bootstrapHint();
  if (!hint) throw new Error('an admin already exists');
  return hint.split(' ')[5]!;
};

/** Set-up as the new operator does it: password, then the QR code's secret confirmed with a code. */
export const enrol = async (t: TestApp, name: string, setupCode: string): Promise<Operator> => {
  const password = `${name}-correct-horse-battery`;
  const setup = await call<{ secret: string; otpauthUri: string; qrCode: string }>(t.app, {
    method: 'POST',
    url: '/api/admin/auth/setup',
    payload: { name, setupCode, password },
  });
  if (setup.code !== 1) throw new Error(`setup of ${name}: ${setup.msg}`);
  const confirmed = await call<{ token: string; operator: { id: number } }>(t.app, {
    method: 'POST',
    url: '/api/admin/auth/setup_confirm',
    payload: { name, setupCode, code: totpCode(t, setup.data.secret) },
  });
  if (confirmed.code !== 1) throw new Error(`setup confirmation of ${name}: ${confirmed.msg}`);
  const { token } = confirmed.data;
  return {
    id: confirmed.data.operator.id,
    name,
    password,
    secret: setup.data.secret,
    token,
    headers: { 'operator-token': token },
  };
};

export const bootstrapAdmin = async (t: TestApp, name = 'root'): Promise<Operator> => {
  const boot = await call<{ setupCode: string }>(t.app, {
    method: 'POST',
    url: '/api/admin/auth/bootstrap',
    payload: { code: await bootstrapCode(t), name },
  });
  if (boot.code !== 1) throw new Error(`bootstrap: ${boot.msg}`);
  return enrol(t, name, boot.data.setupCode);
};

export const createOperator = async (t: TestApp, admin: Operator, name: string, roles: string[]) => {
  const created = await call<{ setupCode: string }>(t.app, {
    method: 'POST',
    url: '/api/admin/operator',
    headers: admin.headers,
    payload: { name, roles },
  });
  if (created.code !== 1) throw new Error(`create ${name}: ${created.msg}`);
  return enrol(t, name, created.data.setupCode);
};

/** A new session for an enrolled operator (the clock moves one TOTP step: a code is accepted once). */
export const signIn = async (t: TestApp, operator: Operator): Promise<Operator> => {
  t.advance(30_000);
  const reply = await call<{ token: string }>(t.app, {
    method: 'POST',
    url: '/api/admin/auth/sign_in',
    payload: { name: operator.name, password: operator.password, code: totpCode(t, operator.secret) },
  });
  if (reply.code !== 1) throw new Error(`sign-in of ${operator.name}: ${reply.msg}`);
  return { ...operator, token: reply.data.token, headers: { 'operator-token': reply.data.token } };
};
