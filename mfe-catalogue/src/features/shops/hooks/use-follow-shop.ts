import { toastSuccess } from '@marketplace/shared';
import { useFollowShopMutation, useUnfollowShopMutation } from '../api';
import { useLoginFirst } from '../../session';

/** Follow or unfollow a shop; a follow toasts the server's "Follow Success" in the shopper's language. */
export const useFollowShop = () => {
  const loginFirst = useLoginFirst();
  const [follow, following] = useFollowShopMutation();
  const [unfollow, unfollowing] = useUnfollowShopMutation();

  const toggle = async (shopId: number, followed: boolean) => {
    if (!loginFirst()) return;
    try {
      if (followed) {
        await unfollow(shopId).unwrap();
      } else {
        const { msg } = await follow(shopId).unwrap();
        toastSuccess(msg || { key: 'catalogue:shop.followSuccess' });
      }
    } catch {
      // The base query has already shown why.
    }
  };

  return { toggle, busy: following.isLoading || unfollowing.isLoading };
};
