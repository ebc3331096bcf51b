import { formatMoney } from '@marketplace/shared/contracts/core';
import { useTranslation } from 'react-i18next';

/** Integer cents shown as dollars in the shopper's language, the one way every screen shows money. */
export const Money = ({ cents }: { cents: number }) => {
  const { i18n } = useTranslation();
  return <span>{formatMoney(cents, i18n?.language || 'en')}</span>;
};
