import type { VipInfo } from '@marketplace/shared/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetVipInfoQuery } from '../api';

/**
 * A level's name as the operator named it (`GET /api/user/vip`), "None" for no level, and "VIP <n>"
 * only for a level the server does not list (no longer on sale) or before its answer arrives.
 */
export const useVipLevelName = (vip: VipInfo | undefined): ((level: number) => string) => {
  const { t } = useTranslation('account');
  return useCallback(
    (level: number) =>
      level === 0 ? t('vip.none') : (vip?.levels.find((l) => l.level === level)?.name ?? t('vip.levelName', { level })),
    [t, vip],
  );
};

/** The name of the shopper's level; asks for the levels only when the shopper has one. */
export const useOwnVipLevelName = (level: number): string => {
  const { data } = useGetVipInfoQuery(undefined, { skip: level === 0 });
  return useVipLevelName(data)(level);
};
