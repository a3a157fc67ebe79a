import { describe, expect, it } from 'vitest';
import { instantOf, offsetLabel, wallTimeOf, wallTimeText } from '../../src/lib/posts/zoned-time.ts';

describe('wall-clock times in a time zone', () => {
  it('turns a date and time into the instant they are in the zone, with and without summer time', () => {
    expect(instantOf({ date: '2030-07-01', time: '09:00' }, 'America/New_York')?.toISOString()).toBe(
      '2030-07-01T13:00:00.000Z',
    );
    expect(instantOf({ date: '2031-01-15', time: '09:00' }, 'America/New_York')?.toISOString()).toBe(
      '2031-01-15T14:00:00.000Z',
    );
    expect(instantOf({ date: '2030-05-01', time: '09:00' }, 'Asia/Kathmandu')?.toISOString()).toBe(
      '2030-05-01T03:15:00.000Z',
    );
    expect(instantOf({ date: '2030-05-01', time: '00:30' }, 'Pacific/Chatham')?.toISOString()).toBe(
      '2030-04-30T11:45:00.000Z',
    );
    expect(instantOf({ date: '2030-05-01', time: '09:00' }, 'UTC')?.toISOString()).toBe('2030-05-01T09:00:00.000Z');
  });

  it('has no instant for a time the clocks skip, and takes the first of a time they repeat', () => {
    expect(instantOf({ date: '2030-03-31', time: '02:30' }, 'Europe/Paris')).toBeNull();
    expect(instantOf({ date: '2030-03-10', time: '02:15' }, 'America/New_York')).toBeNull();
    expect(instantOf({ date: '2030-10-27', time: '02:30' }, 'Europe/Paris')?.toISOString()).toBe(
      '2030-10-27T00:30:00.000Z',
    );
    expect(instantOf({ date: '2030-11-03', time: '01:30' }, 'America/New_York')?.toISOString()).toBe(
      '2030-11-03T05:30:00.000Z',
    );
  });

  it('reads an instant back on the wall clock, round trip', () => {
    for (const zone of ['Europe/Paris', 'America/Los_Angeles', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC']) {
      const wall = { date: '2030-08-15', time: '23:45' };
      expect(wallTimeOf(instantOf(wall, zone)!, zone)).toEqual(wall);
    }
  });

  it('writes the offset and the wall time as people read them', () => {
    expect(offsetLabel(Date.parse('2030-07-01T00:00:00Z'), 'Europe/Paris')).toBe('UTC+02:00');
    expect(offsetLabel(Date.parse('2030-01-01T00:00:00Z'), 'America/New_York')).toBe('UTC−05:00');
    expect(offsetLabel(Date.parse('2030-01-01T00:00:00Z'), 'Asia/Kathmandu')).toBe('UTC+05:45');
    expect(offsetLabel(Date.parse('2030-01-01T00:00:00Z'), 'UTC')).toBe('UTC');
    expect(wallTimeText({ date: '2030-05-01', time: '09:00' })).toBe('Wednesday 1 May 2030 at 09:00');
  });
});
