import { useLocaleFormat } from '../i18n/use-locale-format';

/** Integer cents shown as dollars in the shopper's language, the one way every screen shows money. */
export const Money = ({ cents }: { cents: number }) => {
  const { money } = useLocaleFormat();
  return <span>{money(cents)}</span>;
};
