import { fail } from '../../lib/app-error';
import type { OperatorRole } from '../../db/schema/operators';
import { newSetupCode, summary } from './operator-credentials';
import type { OperatorsRepository } from './operators.repository';

/** What an admin does to operator accounts: list, create, roles, disable, reset, revoke; each audited. */
export const createOperatorAdministration = ({
  repository,
  now,
}: {
  repository: OperatorsRepository;
  now: () => Date;
}) => ({
  list: () => repository.list(),

  async create(by: number | null, name: string, roles: OperatorRole[]) {
    const setup = newSetupCode(now);
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
    const setup = newSetupCode(now);
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
});
