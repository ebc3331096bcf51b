import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError, fail } from '../../lib/app-error';
import { hashSecret, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { OperatorRole } from '../../db/schema/operators';
import type { AttemptCounter } from '../admin/attempt-counter';
import { isUniqueViolation } from '../ledger/transaction';
import type { OperatorRow, OperatorsRepository } from './operators.repository';

/** A signed-in session lasts this long from sign-in, whatever happens (then the operator signs in again). */
const OPERATOR_SESSION_TTL_MS = 8 * 3_600_000;
/** A set-up code (new account or reset) works this long, once. */
const SETUP_CODE_TTL_MS = 24 * 3_600_000;

/**
 * Failed attempts before a lock, per operator name, in a window (the payment code's five). Each attempt is
 * counted BEFORE its secret is checked, so parallel guesses get at most this many evaluated; a right
 * secret gives its count back. The password, the TOTP code and the set-up code have a counter each.
 */
export const OPERATOR_LOCK = { attempts: 5, windowMs: 15 * 60_000 };
/** Sign-in attempts per client address in the same window, whatever names they try. */
const OPERATOR_SIGN_IN_PER_ADDRESS = 30;

const TOTP_ISSUER = 'Marketplace operators';
/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const TOTP_WINDOW = 1;

const signInFailed = () => new AppError(ResponseCode.UNAUTHORIZED, 'err.operator.signInFailed');
const locked = () =>
  new AppError(ResponseCode.FAIL, 'err.operator.locked', { minutes: OPERATOR_LOCK.windowMs / 60_000 }, null, 429);
const setupInvalid = () => fail('err.operator.setupCodeInvalid');

interface OperatorSession {
  token: string;
  expiresAt: string;
  operator: { id: number; name: string; roles: OperatorRole[] };
}

const totpOf = (name: string, secret: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: name, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

const summary = (row: OperatorRow) => ({ id: row.id, name: row.name, roles: row.roles });

export const createOperatorsService = ({
  repository,
  counter,
  bootstrapKey,
  now,
}: {
  repository: OperatorsRepository;
  counter: AttemptCounter;
  /** Secret every API process shares: the bootstrap code is derived from it. */
  bootstrapKey: string;
  now: () => Date;
}) => {
  /**
   * Counts one attempt on `key` before `check` runs: over the limit it is refused (locked) without being
   * checked and given back (the count stays at the limit until the window ends); a right secret gives its
   * count back. `check` answers true for a right secret.
   */
  const guarded = async <T>(key: string, limit: number, check: () => Promise<T | false>): Promise<T | false> => {
    const counted = await counter.hit(key);
    if (counted > limit) {
      await counter.undo(key);
      throw locked();
    }
    const result = await check();
    if (result !== false) await counter.undo(key);
    return result;
  };

  /** The step of a right code (within the drift window), or false. */
  const totpStep = (row: OperatorRow, code: string): number | false => {
    if (!row.totpSecret) return false;
    const at = now().getTime();
    const delta = totpOf(row.name, row.totpSecret).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
    return delta === null ? false : Math.floor(at / 30_000) + delta;
  };

  const openSession = async (row: OperatorRow, address: string): Promise<OperatorSession> => {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + OPERATOR_SESSION_TTL_MS);
    await repository.createSession({ tokenHash: sha256(token), operatorId: row.id, expiresAt, address });
    return { token, expiresAt: expiresAt.toISOString(), operator: summary(row) };
  };

  const newSetupCode = () => {
    const code = randomBytes(15).toString('base64url');
    return { code, hash: sha256(code), expiresAt: new Date(now().getTime() + SETUP_CODE_TTL_MS) };
  };

  /** The one-time code that creates the first admin: the same in every process sharing the key. */
  const bootstrapCode = createHmac('sha256', bootstrapKey)
    .update('operator-bootstrap')
    .digest('base64url')
    .slice(0, 24);

  const byName = async (name: string) => {
    const row = await repository.findByName(name);
    return row && !row.disabledAt ? row : undefined;
  };

  return {
    /** The command `npm start` prints while no admin exists; undefined once one does. */
    async bootstrapHint(): Promise<string | undefined> {
      if (await repository.anyAdmin()) return undefined;
      return `npm run ops -- bootstrap ${bootstrapCode} <your-operator-name>`;
    },

    /** Creates the first admin (once ever) and answers its set-up code. */
    async bootstrap(code: string, name: string, address: string) {
      const given = Buffer.from(code);
      const right = Buffer.from(bootstrapCode);
      const ok = await guarded(`operator-bootstrap|${address}`, OPERATOR_LOCK.attempts, async () =>
        given.length === right.length && timingSafeEqual(given, right) ? true : false,
      );
      if (!ok) throw fail('err.operator.bootstrapInvalid');
      if (await repository.anyAdmin()) throw fail('err.operator.bootstrapClosed');
      const setup = newSetupCode();
      const row = await repository
        .create({
          name,
          roles: ['admin'],
          setupCodeHash: setup.hash,
          setupExpiresAt: setup.expiresAt,
          createdBy: null,
          bootstrap: true,
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return undefined;
          throw error;
        });
      if (!row) throw fail('err.operator.bootstrapClosed');
      await repository.audit('operator.bootstrap', row.id, { name: row.name, roles: row.roles });
      return { operator: summary(row), setupCode: setup.code, setupExpiresAt: setup.expiresAt.toISOString() };
    },

    /** Step 1 of set-up: the set-up code and a new password; answers the TOTP secret to enrol (URI and QR). */
    async setup(name: string, setupCode: string, password: string) {
      const row = await byName(name);
      const codeHash = sha256(setupCode);
      const updated = await guarded(`operator-setup|${name}`, OPERATOR_LOCK.attempts, async () => {
        if (!row?.setupCodeHash || !row.setupExpiresAt || row.setupExpiresAt <= now()) return false;
        if (!timingSafeEqual(Buffer.from(row.setupCodeHash), Buffer.from(codeHash))) return false;
        const secret = new Secret({ size: 20 }).base32;
        return (await repository.setCredentials(row.id, codeHash, await hashSecret(password), secret, now())) ?? false;
      });
      if (!updated || !updated.totpSecret) throw setupInvalid();
      const otpauthUri = totpOf(updated.name, updated.totpSecret).toString();
      return {
        otpauthUri,
        secret: updated.totpSecret,
        /** PNG data URL of the URI, for the console to show. */
        qrCode: await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
      };
    },

    /** Step 2 of set-up: a code from the authenticator proves the enrolment; the operator is signed in. */
    async confirmSetup(name: string, setupCode: string, code: string, address: string): Promise<OperatorSession> {
      const row = await byName(name);
      const codeHash = sha256(setupCode);
      const confirmed = await guarded(`operator-setup|${name}`, OPERATOR_LOCK.attempts, async () => {
        if (!row?.setupCodeHash || !row.passwordHash || row.setupExpiresAt! <= now()) return false;
        if (!timingSafeEqual(Buffer.from(row.setupCodeHash), Buffer.from(codeHash))) return false;
        const step = totpStep(row, code);
        if (step === false) return false;
        return (await repository.confirmTotp(row.id, codeHash, step, now())) ?? false;
      });
      if (!confirmed) throw setupInvalid();
      return openSession(confirmed, address);
    },

    /**
     * Password, then TOTP code, each behind its own lock counter; the same answer for a wrong name, a
     * wrong password and a wrong code. A code is accepted once (its step is taken atomically).
     */
    async signIn(name: string, password: string, code: string, address: string): Promise<OperatorSession> {
      const fromAddress = await counter.hit(`operator-sign-in|ip|${address}`);
      if (fromAddress > OPERATOR_SIGN_IN_PER_ADDRESS) {
        await counter.undo(`operator-sign-in|ip|${address}`);
        throw locked();
      }
      const row = await byName(name);
      const passed = await guarded(`operator-password|${name}`, OPERATOR_LOCK.attempts, async () =>
        row?.passwordHash && row.totpConfirmedAt && (await verifySecret(row.passwordHash, password)) ? row : false,
      );
      if (!passed) throw signInFailed();
      const step = await guarded(`operator-totp|${name}`, OPERATOR_LOCK.attempts, async () => {
        const right = totpStep(passed, code);
        return right !== false && (await repository.useStep(passed.id, right)) ? right : false;
      });
      if (step === false) throw signInFailed();
      await counter.undo(`operator-sign-in|ip|${address}`);
      return openSession(passed, address);
    },

    /** The live session of a token, or undefined (unknown, expired, revoked, operator disabled). */
    session: (token: string) => repository.findSession(sha256(token), now()),

    signOut: (sessionId: number) => repository.revokeSession(sessionId, now()),

    list: () => repository.list(),

    async create(by: number | null, name: string, roles: OperatorRole[]) {
      const setup = newSetupCode();
      const row = await repository.create({
        name,
        roles,
        setupCodeHash: setup.hash,
        setupExpiresAt: setup.expiresAt,
        createdBy: by,
        bootstrap: false,
      });
      if (!row) throw fail('err.operator.nameTaken');
      await repository.audit('operator.create', row.id, { name: row.name, roles: row.roles });
      return { operator: summary(row), setupCode: setup.code, setupExpiresAt: setup.expiresAt.toISOString() };
    },

    async setRoles(id: number, roles: OperatorRole[]) {
      const row = await repository.findById(id);
      if (!row) throw fail('err.operator.notFound');
      if (row.roles.includes('admin') && !roles.includes('admin') && (await repository.activeAdmins()) <= 1) {
        throw fail('err.operator.lastAdmin');
      }
      const updated = (await repository.update(id, { roles }))!;
      await repository.audit('operator.roles', id, { name: row.name, roles });
      return summary(updated);
    },

    /** Disables (sessions revoked at once) or enables an account. */
    async setDisabled(id: number, disabled: boolean) {
      const row = await repository.findById(id);
      if (!row) throw fail('err.operator.notFound');
      if (disabled && row.roles.includes('admin') && !row.disabledAt && (await repository.activeAdmins()) <= 1) {
        throw fail('err.operator.lastAdmin');
      }
      await repository.update(id, { disabledAt: disabled ? now() : null });
      const revoked = disabled ? await repository.revokeAll(id, now()) : 0;
      await repository.audit(disabled ? 'operator.disable' : 'operator.enable', id, { name: row.name });
      return { ...summary(row), disabled, revokedSessions: revoked };
    },

    /** Lost phone or password: a new set-up code; the old password, TOTP secret and sessions stop working. */
    async reset(id: number) {
      const row = await repository.findById(id);
      if (!row) throw fail('err.operator.notFound');
      const setup = newSetupCode();
      await repository.update(id, {
        passwordHash: null,
        totpSecret: null,
        totpConfirmedAt: null,
        setupCodeHash: setup.hash,
        setupExpiresAt: setup.expiresAt,
      });
      const revoked = await repository.revokeAll(id, now());
      await repository.audit('operator.reset', id, { name: row.name });
      return {
        operator: summary(row),
        setupCode: setup.code,
        setupExpiresAt: setup.expiresAt.toISOString(),
        revokedSessions: revoked,
      };
    },

    async revokeSessions(id: number) {
      const row = await repository.findById(id);
      if (!row) throw fail('err.operator.notFound');
      const revoked = await repository.revokeAll(id, now());
      await repository.audit('operator.revokeSessions', id, { name: row.name, revoked });
      return { revokedSessions: revoked };
    },

    lastDecision: (targetType: string, targetId: string) => repository.lastDecision(targetType, targetId),
  };
};

export type OperatorsService = ReturnType<typeof createOperatorsService>;
