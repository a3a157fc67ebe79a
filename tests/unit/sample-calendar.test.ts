import { describe, expect, it } from 'vitest';
import {
  CHIP_COLOURS,
  sampleCalendar,
  upcomingWeekdays,
} from '../../src/islands/workspace/onboarding/sampleCalendar.ts';

describe('the onboarding sample calendar', () => {
  it('shows the next 4 weekdays, skipping the weekend', () => {
    const friday = new Date(2026, 10, 27);

    const days = upcomingWeekdays(friday).map((day) => day.getDate());

    expect(days).toEqual([30, 1, 2, 3]);
  });

  it("puts the guide's keywords on the days and picks every chip colour from the 3", () => {
    const picks = [0, 0.5, 0.99, 0.2];
    let call = 0;

    const days = sampleCalendar(
      ['seo', 'blogging', 'content', 'growth', 'ads'],
      new Date(2026, 10, 23),
      () => picks[call++ % picks.length]!,
    );

    expect(days.map((day) => day.chips.map((chip) => chip.keyword))).toEqual([
      ['seo', 'blogging'],
      ['content', 'growth'],
      ['ads', 'seo'],
      ['blogging', 'content'],
    ]);
    expect(days.flatMap((day) => day.chips.map((chip) => chip.colour)).slice(0, 3)).toEqual([
      CHIP_COLOURS[0],
      CHIP_COLOURS[1],
      CHIP_COLOURS[2],
    ]);
  });
});
