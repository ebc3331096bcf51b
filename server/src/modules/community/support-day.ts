/** The calendar day (`YYYY-MM-DD`) of `at` in `timeZone`: the day a support counts for. */
export const supportDayOf = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The day before a `YYYY-MM-DD` day (calendar arithmetic, no time zone involved). */
const previousDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
};

/** Consecutive days ending at `today` (or at yesterday when today is missing), from days sorted newest first. */
export const streakOf = (daysNewestFirst: string[], today: string): number => {
  let expected = daysNewestFirst[0] === today ? today : previousDay(today);
  let streak = 0;
  for (const day of daysNewestFirst) {
    if (day !== expected) break;
    streak += 1;
    expected = previousDay(expected);
  }
  return streak;
};
