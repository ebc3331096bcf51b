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
  /** The seller platform's address; a path (the default `/seller`) is on the caller's own origin. */
  sellerPlatformUrl: (origin: string) => new URL(config.sellerPlatformUrl, origin).toString(),

  async apply(userId: number, body: MerchantApplyBody, origin: string): Promise<MerchantApplyResult> {
    const row = await community.insertApplication({
      userId,
      shopName: body.shopName,
      contact: body.contact,
      note: body.note ?? '',
    });
    return { id: row.id, url: new URL(config.sellerPlatformUrl, origin).toString() };
  },

  /** With when an operator approved each one and its shop (the seller centre's, modules/sellers). */
  async listApplications(
    query: PageQuery,
  ): Promise<Page<MerchantApplication & { approvedAt: string | null; shopId: number | null }>> {
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
        approvedAt: application.approvedAt?.toISOString() ?? null,
        shopId: application.shopId,
      })),
      total,
      query,
    );
  },
});
