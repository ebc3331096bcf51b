import { formatMoney } from '@marketplace/shared/contracts';

/** Integer cents shown as dollars, the one way every screen shows money. */
export const Money = ({ cents }: { cents: number }) => <span>{formatMoney(cents)}</span>;
