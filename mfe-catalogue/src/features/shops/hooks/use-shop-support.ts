import {
  selectToken,
  toastSuccess,
  useAppSelector,
  useGetSupportStatusQuery,
  useSupportShopMutation,
} from '@marketplace/shared';
import { useLoginFirst } from '../../session';

/**
 * Whether the shopper supported the shop today, and `support()`: "Support Successful", or the
 * server's "Support Failed" (already toasted by the base query). A guest is asked to log in first.
 */
export const useShopSupport = (shopId: number | null) => {
  const signedIn = Boolean(useAppSelector(selectToken));
  const loginFirst = useLoginFirst();
  const { data: status } = useGetSupportStatusQuery(shopId ?? 0, {
    skip: !signedIn || shopId === null,
  });
  const [supportShop, { isLoading }] = useSupportShopMutation();

  const support = async () => {
    if (shopId === null || !loginFirst()) return;
    const result = await supportShop({ shopId });
    if (result.data) toastSuccess(result.data.msg || { key: 'errors:ok.community.support' });
  };

  return { supportedToday: status?.supportedToday ?? false, support, busy: isLoading };
};
