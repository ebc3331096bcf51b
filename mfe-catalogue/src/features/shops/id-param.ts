/** Positive integer id from the URL (`/shop/:id`, `/detail/:product`), or null for anything else. */
export const idParam = (value: string | undefined): number | null =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
