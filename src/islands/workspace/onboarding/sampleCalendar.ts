/** Spec §2.4: the three colours sample keyword chips are picked from (each pair readable in both themes). */
export const CHIP_COLOURS = [
  'bg-brand-50 text-brand-800 dark:bg-brand-800 dark:text-brand-50',
  'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
] as const;

const FALLBACK_KEYWORDS = ['How-to guide', 'Industry news', 'Customer story', 'Tips'];

/** One day of the sample calendar with its keyword chips and their colours. */
export interface SampleDay {
  date: Date;
  chips: { keyword: string; colour: string }[];
}

/** The next 4 weekdays after `from`. */
export function upcomingWeekdays(from: Date, count = 4): Date[] {
  const days: Date[] = [];
  const day = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  while (days.length < count) {
    day.setDate(day.getDate() + 1);
    if (day.getDay() !== 0 && day.getDay() !== 6) days.push(new Date(day));
  }
  return days;
}

/** 4 upcoming weekdays, each with two of the guide's keywords in turn, every chip coloured at random from 3. */
export function sampleCalendar(keywords: string[], from = new Date(), random = Math.random): SampleDay[] {
  const pool = keywords.length ? keywords : FALLBACK_KEYWORDS;
  return upcomingWeekdays(from).map((date, index) => ({
    date,
    chips: [pool[(index * 2) % pool.length]!, pool[(index * 2 + 1) % pool.length]!]
      .filter((keyword, position, pair) => pair.indexOf(keyword) === position)
      .map((keyword) => ({ keyword, colour: CHIP_COLOURS[Math.floor(random() * CHIP_COLOURS.length)]! })),
  }));
}
