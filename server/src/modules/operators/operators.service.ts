import { createHmac, timingSafeEqual } from 'node:crypto';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import { AppError, fail } from '../../lib/app-error';
import { hashSecret, newToken, sha256, verifySecret } from '../../lib/secrets';
import type { SecretBox } from '../../lib/secret-box';
import type { SignInBrake } from '../../lib/shared-state';
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
/** A recovery proof (ops recover-admin) is accepted this long either side of the time it names. */
const RECOVERY_WINDOW_MS = 5 * 60_000;

const equalText = (a: string, b: string) => {
  const given = Buffer.from(a);
  const right = Buffer.from(b);
  return given.length === right.length && timingSafeEqual(given, right);
};

export const createOperatorsService = ({
  repository,
  counter,
  bootstrapKey,
  brake,
  box,
  now,
}: {
  repository: OperatorsRepository;
  counter: AttemptCounter;
  /** Secret every API process shares: the bootstrap code and the recovery proofs are derived from it. */
  bootstrapKey: string;
  /** The shoppers' sign-in brake (progressive delay per key), shared by every process with Redis. */
  brake: SignInBrake;
  /** Encrypts the TOTP secrets at rest. */
  box: SecretBox;
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
    const secret = row.totpSecret ? box.open(row.totpSecret) : undefined;
    if (!secret) return false;
    const at = now().getTime();
    const delta = totpOf(row.name, secret).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
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

    /**
     * Creates the first admin and answers its set-up code. Until that admin has set a password and
     * confirmed a TOTP code, the bootstrap code keeps working: a new call starts the set-up again (a closed
     * terminal or a mistyped password never loses the first admin).
     */
    async bootstrap(code: string, name: string, address: string) {
      const ok = await guarded(`operator-bootstrap|${address}`, OPERATOR_LOCK.attempts, async () =>
        equalText(code, bootstrapCode) ? true : false,
      );
      if (!ok) throw fail('err.operator.bootstrapInvalid');
      if (await repository.anyAdmin()) throw fail('err.operator.bootstrapClosed');
      const setup = newSetupCode(now);
      const values = { name, setupCodeHash: setup.hash, setupExpiresAt: setup.expiresAt };
      const row = await repository
        .restartBootstrap(values)
        .then(
          async (restarted) =>
            restarted ?? (await repository.create({ ...values, roles: ['admin'], createdBy: null, bootstrap: true })),
        )
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fail('err.operator.nameTaken');
          throw error;
        });
      if (!row) throw fail('err.operator.bootstrapClosed');
      await repository.audit('operator.bootstrap', row.id, { name: row.name, roles: row.roles });
      return { operator: summary(row), setupCode: setup.code, setupExpiresAt: setup.expiresAt.toISOString() };
    },

    /**
     * Recovery for whoever holds the server's secret (`npm run ops -- recover-admin`): `proof` is
     * HMAC(recovery key, `<name>:<at>`) for a time `at` within 5 minutes of now. The named operator becomes
     * an admin with a new set-up code; audited. Guarded per address like the bootstrap code.
     */
    async recoverAdmin(name: string, at: number, proof: string, address: string) {
      const right = createHmac('sha256', bootstrapKey).update(`operator-recovery:${name}:${at}`).digest('base64url');
      const ok = await guarded(`operator-recovery|${address}`, OPERATOR_LOCK.attempts, async () =>
        Math.abs(now().getTime() - at) <= RECOVERY_WINDOW_MS && equalText(proof, right) ? true : false,
      );
      if (!ok) throw fail('err.operator.bootstrapInvalid');
      const setup = newSetupCode(now);
      const row = await repository.recoverAdmin(
        { name, setupCodeHash: setup.hash, setupExpiresAt: setup.expiresAt },
        now(),
      );
      await repository.audit('operator.recover', row.id, { name: row.name, roles: row.roles, address });
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
        const sealed = box.seal(secret);
        const row2 = await repository.setCredentials(row.id, codeHash, await hashSecret(password), sealed, now());
        return row2 ? { row: row2, secret } : false;
      });
      if (!updated) throw setupInvalid();
      const otpauthUri = totpOf(updated.row.name, updated.secret).toString();
      return {
        otpauthUri,
        secret: updated.secret,
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
     * Password, then TOTP code, behind the shoppers' sign-in brake: every attempt is counted on the brake
     * BEFORE anything is checked, on the key of a device this operator signed in on before (`device`, a
     * signed cookie) or else on the name, so strangers' guesses slow down only themselves. The same answer
     * for a wrong name, password or code. A right code already used (a double submit) is a replay: no
     * session, and it ends the streak as a success does (whoever sent it knew both factors).
     */
    async signIn(
      name: string,
      password: string,
      code: string,
      address: string,
      device?: string,
    ): Promise<OperatorSession> {
      const addressKey = `operator-sign-in|ip|${address}`;
      if (!device && (await counter.hit(addressKey)) > OPERATOR_SIGN_IN_PER_ADDRESS) {
        await counter.undo(addressKey);
        throw locked();
      }
      const key = device ? `operator-device:${device}` : `operator:${name}`;
      const slot = await brake.claim(key, now().getTime());
      if (!slot.allowed) {
        const retryAfter = Math.ceil(slot.retryAfterMs / 1000);
        throw new AppError(429, 'err.tooManyRequests', undefined, { retryAfter }, 429);
      }
      const row = await byName(name);
      const passed = row?.passwordHash && row.totpConfirmedAt && (await verifySecret(row.passwordHash, password));
      const step = row && passed ? totpStep(row, code) : false;
      if (!row || step === false) throw signInFailed();
      const fresh = await repository.useStep(row.id, step);
      await brake.clear(key);
      if (!device) await counter.undo(addressKey);
      if (!fresh) throw fail('err.operator.codeUsed');
      return openSession(row, address);
    },

    /** Seals the TOTP secrets stored in clear before encryption at rest (once, at start; idempotent). */
    async sealStoredSecrets(): Promise<number> {
      const rows = await repository.plainTotpSecrets();
      for (const row of rows) await repository.sealTotpSecret(row.id, row.totpSecret!, box.seal(row.totpSecret!));
      return rows.length;
    },

    /** The live session of a token, or undefined (unknown, expired, revoked, operator disabled). */
    session: (token: string) => repository.findSession(sha256(token), now()),

    signOut: (sessionId: number) => repository.revokeSession(sessionId, now()),

    ...createOperatorAdministration({ repository, now }),
  };
};

export type OperatorsService = ReturnType<typeof createOperatorsService>;
