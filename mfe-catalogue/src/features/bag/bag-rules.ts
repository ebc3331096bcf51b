import { links } from '@marketplace/shared';
import type { Bag } from '@marketplace/shared/contracts';

/** A quantity the server accepts: a whole number from 1 up to the stock (at least 1). */
export const clampQuantity = (value: number | null, stock: number): number => {
  const whole = Number.isFinite(value) ? Math.trunc(value ?? 1) : 1;
  return Math.min(Math.max(1, whole), Math.max(1, stock));
};

/** Ids of the selected lines, in bag order. */
const selectedItemIds = (bag: Bag): number[] =>
  bag.shops.flatMap((shop) => shop.items.filter((item) => item.selected).map((item) => item.id));

/** `/checkout` with the selected lines, or null when nothing is selected. */
export const checkoutUrl = (bag: Bag): string | null => {
  const ids = selectedItemIds(bag);
  return ids.length > 0 ? `${links.checkout()}?items=${ids.join(',')}` : null;
};

export const allSelected = (bag: Bag): boolean =>
  bag.shops.length > 0 && bag.shops.every((shop) => shop.items.every((item) => item.selected));

/** What the bag's count badge says: the number of lines (a product in one spec is one line). */
export const bagLineCount = (bag: Bag | undefined): number =>
  bag ? bag.shops.reduce((sum, shop) => sum + shop.items.length, 0) : 0;
