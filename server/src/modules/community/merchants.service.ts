import type {
  MerchantApplication,
  MerchantApplyBody,
  MerchantApplyResult,
  Page,
  PageQuery,
} from '@marketplace/shared/contracts';
import { offsetOf, pageOf } from '../../lib/paging';
import type { CommunityDeps } from './community-deps';

/** Merchant sign-up: the application and the seller platform it leads to. */
export const createMerchantsService = ({ community, config }: Pick<CommunityDeps, 'community' | 'config'>) => ({
  sellerPlatformUrl: () => config.sellerPlatformUrl,

  async apply(userId: number, body: MerchantApplyBody): Promise<MerchantApplyResult> {
    const row = await community.insertApplication({
      userId,
      shopName: body.shopName,
      contact: body.contact,
      note: body.note ?? '',
    });
    return { id: row.id, url: config.sellerPlatformUrl };
  },

  async listApplications(query: PageQuery): Promise<Page<MerchantApplication>> {
    const { rows, total } = await community.listApplications(offsetOf(query), query.pageSize);
    return pageOf(
      rows.map(({ application, account }) => ({
        id: application.id,
        userId: application.userId,
        account,
        shopName: application.shopName,
        contact: application.contact,
        note: application.note,
        createdAt: application.createdAt.toISOString(),
      })),
      total,
      query,
    );
  },
});
