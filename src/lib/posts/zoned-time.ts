// Dates and times on a project's wall clock (its time zone, the one the autopilot uses), for scheduling posts: the
// editor shows and takes a date and a time there, the server turns them into the one UTC instant it stores. Shared by
// both so they never disagree about what "09:00 on 1 May" means. Intl only: no time-zone data of our own.

/** A wall-clock date and time: YYYY-MM-DD and HH:MM (24 h). */
export interface WallTime {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall-clock date and time of an instant in a time zone. */
export function wallTimeOf(instant: Date | number, zone: string): WallTime {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Milliseconds a time zone is ahead of UTC at an instant (to the minute). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const { date, time } = wallTimeOf(instant, zone);
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock date and time is in a time zone. When the clocks go back, a time that happens twice is
 * taken the first time; a time skipped when the clocks go forward does not exist: null.
 */
export function instantOf(wall: WallTime, zone: string): Date | null {
  const asUtc = Date.parse(`${wall.date}T${wall.time}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset a day either side covers any change of offset near this time.
  const offsets = new Set([zoneOffsetMs(asUtc - 86_400_000, zone), zoneOffsetMs(asUtc + 86_400_000, zone)]);
  offsets.add(zoneOffsetMs(asUtc, zone));
  const fits = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => {
      const back = wallTimeOf(instant, zone);
      return back.date === wall.date && back.time === wall.time;
    })
    .sort((a, b) => a - b);
  return fits.length ? new Date(fits[0] as number) : null;
}

/** "UTC+02:00", "UTC−05:00" or "UTC": the zone's offset at an instant, as people read it. */
export function offsetLabel(instant: Date | number, zone: string): string {
  const minutes = Math.round(zoneOffsetMs(typeof instant === 'number' ? instant : instant.getTime(), zone) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `UTC${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

/** "Friday 1 May 2030 at 09:00": a wall time written out in English, the way the workspace writes dates. */
export function wallTimeText(wall: WallTime): string {
  const day = new Date(`${wall.date}T12:00:00Z`);
  const text = day.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${text.replace(',', '')} at ${wall.time}`;
}
