import type { SellerRole } from '../../db/schema/sellers';
import { fail } from '../../lib/app-error';
import type { SellersRepository } from './sellers.repository';

/** The owner's staff page: who works in the shop, their roles, and switching one off (sessions end at once). */
export const createSellerStaffService = ({ repository, now }: { repository: SellersRepository; now: () => Date }) => {
  const member = async (shopId: number, ownerId: number, id: number) => {
    if (id === ownerId) throw fail('err.seller.notYourself');
    const row = await repository.findInShop(shopId, id);
    if (!row) throw fail('err.seller.staffNotFound');
    return row;
  };
  return {
    list: (shopId: number) => repository.staff(shopId, now()),

    async setRoles(shopId: number, ownerId: number, id: number, roles: SellerRole[]) {
      await member(shopId, ownerId, id);
      const row = await repository.update(shopId, id, { roles });
      return { id, roles: row!.roles };
    },

    async setDisabled(shopId: number, ownerId: number, id: number, disabled: boolean) {
      await member(shopId, ownerId, id);
      await repository.update(shopId, id, { disabledAt: disabled ? now() : null });
      const revoked = disabled ? await repository.revokeAll(id, now()) : 0;
      return { id, disabled, revoked };
    },

    async revokeSessions(shopId: number, ownerId: number, id: number) {
      await member(shopId, ownerId, id);
      return { id, revoked: await repository.revokeAll(id, now()) };
    },
  };
};

export type SellerStaffService = ReturnType<typeof createSellerStaffService>;
