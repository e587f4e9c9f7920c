import { describe, expect, it } from 'vitest';
import { fakeClock, makeApp } from './helpers.js';

// The fake clock is 2026-11-23 08:00 UTC: 16:00 on the device (default zone UTC+08:00).
const SCHEDULES = [
  { name: 'Once', start: '2026-11-24 08:00:00', stop: '2026-11-24 09:30:00', cycle: 'once' },
  { name: 'Daily, past midnight', start: '2026-11-24 22:00:00', stop: '2026-12-20 01:00:00', cycle: 'day' },
  // 2026-11-24 is a Tuesday: Tuesday and Thursday.
  { name: 'Lecture, Tue & Thu', start: '2026-11-24 08:00:00', stop: '2027-01-28 09:40:00', cycle: 'week', weekdays: 0b1010 },
  // The 24th of November, December and January.
  {
    name: 'Monthly review',
    start: '2026-11-24 14:00:00',
    stop: '2027-06-30 15:00:00',
    cycle: 'month',
    months: 0b110000000001,
    monthdays: 1 << 23,
  },
  { name: 'Paused seminar', start: '2026-11-25 10:00:00', stop: '2026-12-30 11:00:00', cycle: 'day', enable: false },
];

const calendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
const comparable = (list: Record<string, unknown>[]) => list.map(({ id: _id, ...rest }) => rest);

describe('iCal export and import of the recording schedules', async () => {
  const a = await makeApp({ clock: fakeClock() });
  const b = await makeApp({ clock: fakeClock() });
  const adminA = await a.login();
  const adminB = await b.login();

  it('exports every schedule and a fresh service imports the same schedules', async () => {
    for (const data of SCHEDULES)
      expect((await a.post('schedule', { operation: 'add', data }, adminA)).body).toMatchObject({ result: true, message: '' });
    const exported = await a.post('exportschedule', {}, adminA);
    expect(exported.body.result).toBe(true);
    const { ics, filename } = exported.body.data;
    expect(filename).toMatch(/^roomcast-schedules-2026-11-23\.ics$/);
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270128T000000Z');
    expect(ics).toContain('STATUS:CANCELLED');

    const imported = await b.post('importschedule', { ics }, adminB);
    expect(imported.body).toMatchObject({ result: true, data: { added: 5, updated: 0, problems: [] } });
    const listA = (await a.post('schedule', { operation: 'list' }, adminA)).body.data;
    const listB = (await b.post('schedule', { operation: 'list' }, adminB)).body.data;
    expect(comparable(listB)).toEqual(comparable(listA));

    // The same file again updates the schedules it made instead of adding them twice.
    expect((await b.post('importschedule', { ics }, adminB)).body.data).toMatchObject({ added: 0, updated: 5 });
    expect((await b.post('schedule', { operation: 'list' }, adminB)).body.data).toHaveLength(5);
  });

  it('reports each event that cannot be a schedule and changes nothing', async () => {
    const before = (await b.post('schedule', { operation: 'list' }, adminB)).body.data;
    const ics = calendar(
      vevent('good', ['DTSTART:20270105T010000Z', 'DTEND:20270105T020000Z', 'SUMMARY:Fine']),
      vevent('fortnight', [
        'DTSTART:20270105T010000Z',
        'DTEND:20270105T020000Z',
        'SUMMARY:Every other week',
        'RRULE:FREQ=WEEKLY;INTERVAL=2',
      ]),
      vevent('second-tuesday', ['DTSTART:20270112T010000Z', 'DTEND:20270112T020000Z', 'SUMMARY:Board', 'RRULE:FREQ=MONTHLY;BYDAY=2TU']),
      vevent('allday', ['DTSTART;VALUE=DATE:20270105', 'SUMMARY:Holiday']),
      vevent('past', ['DTSTART:20250105T010000Z', 'DTEND:20250105T020000Z', 'SUMMARY:Long ago']),
    );
    const res = await b.post('importschedule', { ics }, adminB);
    expect(res.body.result).toBe(true);
    expect(res.body.data).toEqual({
      added: 0,
      updated: 0,
      problems: [
        {
          uid: 'fortnight',
          name: 'Every other week',
          message: 'repeating every 2 periods cannot be scheduled: schedules repeat every day, week or month',
        },
        { uid: 'second-tuesday', name: 'Board', message: 'the repeat rule part BYDAY=2TU cannot be scheduled' },
        { uid: 'allday', name: 'Holiday', message: 'an all-day event has no start and stop times' },
        { uid: 'past', name: 'Long ago', message: 'stop must be in the future' },
      ],
    });
    expect((await b.post('schedule', { operation: 'list' }, adminB)).body.data).toEqual(before);
  });

  it('maps the rules the cycles can say, zoned times and COUNT', async () => {
    const ics = calendar(
      [
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Berlin',
        'BEGIN:STANDARD',
        'DTSTART:19701025T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:19700329T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
      ].join('\r\n'),
      // 09:00 in Berlin in winter is 08:00 UTC, 16:00 on the device; ten weekdays from Monday 2027-01-04.
      vevent('weekdays', [
        'DTSTART;TZID=Europe/Berlin:20270104T090000',
        'DTEND;TZID=Europe/Berlin:20270104T100000',
        'SUMMARY:Weekday class',
        'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=10',
      ]),
      vevent('yearly', [
        'DTSTART:20270301T000000Z',
        'DTEND:20270301T003000Z',
        'SUMMARY:Anniversary',
        'RRULE:FREQ=YEARLY;UNTIL=20300301T000000Z',
      ]),
    );
    const res = await b.post('importschedule', { ics }, adminB);
    expect(res.body.data).toMatchObject({ added: 2, problems: [] });
    const list = (await b.post('schedule', { operation: 'list' }, adminB)).body.data as Record<string, unknown>[];
    expect(list.find((s) => s.name === 'Weekday class')).toMatchObject({
      start: '2027-01-04 16:00:00',
      stop: '2027-01-15 17:00:00',
      cycle: 'week',
      weekdays: 0b11111,
    });
    expect(list.find((s) => s.name === 'Anniversary')).toMatchObject({
      start: '2027-03-01 08:00:00',
      stop: '2030-03-01 08:30:00',
      cycle: 'month',
      months: 1 << 2,
      monthdays: 1,
    });
  });

  it('refuses a file that is not iCalendar', async () => {
    const res = await b.post('importschedule', { ics: 'name,start\nMath,2027-01-01' }, adminB);
    expect(res.body.result).toBe(false);
    expect(res.body.message).toMatch(/^The file is not an iCalendar \(\.ics\) file: /);
  });

  it("keeps Opencast's schedules read-only", async () => {
    const schedules = b.areas.schedule.schedules;
    const start = Date.parse('2027-02-01T01:00:00Z');
    schedules.replaceOrigin('opencast', [{ uid: 'oc-event-1', name: 'Opencast lecture', start, stop: start + 3600_000 }]);
    const row = (await b.post('schedule', { operation: 'list' }, adminB)).body.data.find(
      (s: { origin: string }) => s.origin === 'opencast',
    );
    expect(row).toMatchObject({ name: 'Opencast lecture', start: '2027-02-01 09:00:00', stop: '2027-02-01 10:00:00', cycle: 'once' });
    const update = await b.post('schedule', { operation: 'update', data: { ...row, name: 'Mine now' } }, adminB);
    expect(update.body).toMatchObject({
      result: false,
      message: "Fail to update schedule: schedule Opencast lecture comes from Opencast's calendar: change it in Opencast",
    });
    expect((await b.post('schedule', { operation: 'delete', data: { id: row.id } }, adminB)).body.result).toBe(false);
    // The calendar changes it, and removes it.
    schedules.replaceOrigin('opencast', [{ uid: 'oc-event-1', name: 'Moved lecture', start: start + 3600_000, stop: start + 7200_000 }]);
    const moved = (await b.post('schedule', { operation: 'list' }, adminB)).body.data.find(
      (s: { origin: string }) => s.origin === 'opencast',
    );
    expect(moved).toMatchObject({ id: row.id, name: 'Moved lecture', start: '2027-02-01 10:00:00' });
    expect(schedules.replaceOrigin('opencast', [])).toEqual({ added: 0, changed: 0, removed: 1 });
  });
});
