import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mostRecentScheduleTime } from '../../../../src/server/controllers/workloads/cronjob.js';
import { parseSchedule, ScheduleError } from '../../../../src/server/controllers/workloads/cron-schedule.js';

const at = (s: string): number => Date.parse(s);
const iso = (ms: number | undefined): string => (ms === undefined ? 'none' : new Date(ms).toISOString());

function nexts(spec: string, from: string, n: number, zone?: string): string[] {
  const sched = parseSchedule(spec, zone);
  const out: string[] = [];
  let t: number | undefined = at(from);
  for (let i = 0; i < n && t !== undefined; i++) {
    t = sched.next(t);
    out.push(iso(t));
  }
  return out;
}

test('standard fields: steps, ranges, lists and names', () => {
  assert.deepEqual(nexts('*/15 * * * *', '2026-01-01T00:00:00Z', 3), ['2026-01-01T00:15:00.000Z', '2026-01-01T00:30:00.000Z', '2026-01-01T00:45:00.000Z']);
  assert.deepEqual(nexts('30 6-16/4 * * mon-fri', '2026-01-02T00:00:00Z', 4), ['2026-01-02T06:30:00.000Z', '2026-01-02T10:30:00.000Z', '2026-01-02T14:30:00.000Z', '2026-01-05T06:30:00.000Z']);
  assert.deepEqual(nexts('0 0 1,15 jan,jul *', '2026-01-01T00:00:00Z', 3), ['2026-01-15T00:00:00.000Z', '2026-07-01T00:00:00.000Z', '2026-07-15T00:00:00.000Z']);
  assert.deepEqual(nexts('5/20 * * * *', '2026-01-01T00:00:00Z', 3), ['2026-01-01T00:05:00.000Z', '2026-01-01T00:25:00.000Z', '2026-01-01T00:45:00.000Z']);
});

test('descriptors and @every', () => {
  assert.deepEqual(nexts('@hourly', '2026-01-01T00:10:00Z', 2), ['2026-01-01T01:00:00.000Z', '2026-01-01T02:00:00.000Z']);
  assert.deepEqual(nexts('@daily', '2026-01-01T00:10:00Z', 1), ['2026-01-02T00:00:00.000Z']);
  assert.deepEqual(nexts('@weekly', '2026-01-01T00:10:00Z', 1), ['2026-01-04T00:00:00.000Z']);
  assert.deepEqual(nexts('@monthly', '2026-01-01T00:10:00Z', 1), ['2026-02-01T00:00:00.000Z']);
  assert.deepEqual(nexts('@yearly', '2026-01-01T00:10:00Z', 1), ['2027-01-01T00:00:00.000Z']);
  assert.deepEqual(nexts('@every 90s', '2026-01-01T00:00:00Z', 2), ['2026-01-01T00:01:30.000Z', '2026-01-01T00:03:00.000Z']);
});

test('day of month and day of week: either when both are restricted, both when one is a star', () => {
  // 13th of the month OR a Friday.
  assert.deepEqual(nexts('0 0 13 * 5', '2026-01-01T00:00:00Z', 3), ['2026-01-02T00:00:00.000Z', '2026-01-09T00:00:00.000Z', '2026-01-13T00:00:00.000Z']);
  // Every Friday (day of month is a star).
  assert.deepEqual(nexts('0 0 * * 5', '2026-01-01T00:00:00Z', 2), ['2026-01-02T00:00:00.000Z', '2026-01-09T00:00:00.000Z']);
  // `*/2` is not a star: odd days OR Fridays.
  assert.deepEqual(nexts('0 0 */2 * 5', '2026-01-01T00:00:00Z', 2), ['2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
});

test('time zones follow their DST changes', () => {
  // 02:30 does not exist in New York on 2026-03-08; 09:00 is 14:00 UTC in winter and 13:00 UTC in summer.
  assert.deepEqual(nexts('0 9 * * *', '2026-03-07T00:00:00Z', 2, 'America/New_York'), ['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
  assert.deepEqual(nexts('0 9 * * *', '2026-01-01T00:00:00Z', 1, 'Asia/Kolkata'), ['2026-01-01T03:30:00.000Z']);
});

test('bad schedules are refused with robfig\'s words', () => {
  assert.throws(() => parseSchedule('* * * *'), (e: unknown) => e instanceof ScheduleError && e.message === 'expected exactly 5 fields, found 4: [* * * *]');
  assert.throws(() => parseSchedule('61 * * * *'), (e: unknown) => e instanceof ScheduleError && e.message === 'end of range (61) above maximum (59): 61');
  assert.throws(() => parseSchedule('@fortnightly'), /unrecognized descriptor: @fortnightly/);
});

test('the most recent missed time and the too-many-missed count', () => {
  const sched = parseSchedule('*/5 * * * *');
  const cj = { metadata: { creationTimestamp: '2026-01-01T00:00:00Z' }, spec: {} };
  assert.equal(iso(mostRecentScheduleTime(cj, at('2026-01-01T00:12:00Z'), sched, true).time), '2026-01-01T00:10:00.000Z');
  assert.equal(mostRecentScheduleTime(cj, at('2026-01-01T00:04:00Z'), sched, true).time, undefined);
  assert.equal(mostRecentScheduleTime(cj, at('2026-01-02T00:04:00Z'), sched, true).many, true);
  const withDeadline = { ...cj, spec: { startingDeadlineSeconds: 120 } };
  assert.equal(mostRecentScheduleTime(withDeadline, at('2026-01-01T00:13:00Z'), sched, true).time, undefined);
});

test('a schedule without two distinct times is an error, as robfig\'s zero time makes it in the API server', () => {
  const cj = { metadata: { creationTimestamp: '2026-01-01T00:00:00Z' }, spec: {} };
  const never = mostRecentScheduleTime(cj, at('2026-01-01T00:12:00Z'), parseSchedule('59 23 31 2 *'), true);
  assert.deepEqual(never, { time: undefined, many: false, error: 'time difference between two schedules is less than 1 second' });
  assert.equal(mostRecentScheduleTime(cj, at('2026-01-01T00:12:00Z'), parseSchedule('*/5 * * * *'), true).error, undefined);
});
