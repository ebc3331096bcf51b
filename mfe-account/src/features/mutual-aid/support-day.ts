/**
 * A support day (`YYYY-MM-DD`, a calendar day of the server's support time zone) as a local Date at
 * midnight, so formatting it shows that same day whatever the browser's time zone.
 */
export const supportDayDate = (day: string): Date => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
};
