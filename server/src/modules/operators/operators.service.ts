import { createHmac, timingSafeEqual } from 'node:crypto';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import { fail } from '../../lib/app-error';
import { hashSecret, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { AttemptCounter } from '../admin/attempt-counter';
import { isUniqueViolation } from '../ledger/transaction';
import { createOperatorAdministration } from './operator-administration';
import {
  locked,
  newSetupCode,
  OPERATOR_LOCK,
  type OperatorSession,
  setupInvalid,
  signInFailed,
  summary,
  totpOf,
} from './operator-credentials';
import type { OperatorRow, OperatorsRepository } from './operators.repository';

/** A signed-in session lasts this long from sign-in, whatever happens (then the operator signs in again). */
const OPERATOR_SESSION_TTL_MS = 8 * 3_600_000;
/** Sign-in attempts per client address in the same window, whatever names they try. */
const OPERATOR_SIGN_IN_PER_ADDRESS = 30;
/** Codes of the previous and next 30-second step are accepted too (clock drift). */
const TOTP_WINDOW = 1;

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
      const setup = newSetupCode(now);
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

    ...createOperatorAdministration({ repository, now }),
  };
};

export type OperatorsService = ReturnType<typeof createOperatorsService>;
