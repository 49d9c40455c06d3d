import { describe, expect, it } from 'vitest';
import { calendarFile } from './calendar-file';

const CALL = {
  start: '2026-06-03T08:00:00.000Z',
  end: '2026-06-03T08:30:00.000Z',
  summary: 'Free call with Harbor Lane',
  uid: 'booking-7@acme.example',
  stamp: new Date('2026-05-01T12:00:00.000Z'),
};

/** The file's lines as a calendar reads them: folded lines joined again. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('the "Add to calendar" file', () => {
  it("holds one event in UTC, with the mailed invitation's UID at its first SEQUENCE", () => {
    const lines = unfolded(calendarFile({ ...CALL, location: 'Phone call' }));
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        'UID:booking-7@acme.example',
        'SEQUENCE:0',
        'DTSTAMP:20260501T120000Z',
        'DTSTART:20260603T080000Z',
        'DTEND:20260603T083000Z',
        'SUMMARY:Free call with Harbor Lane',
        'LOCATION:Phone call',
      ]),
    );
  });

  it('escapes what could start a property, and folds long lines between characters', () => {
    const location = `Room 2; floor 3, \\ wing\nDTSTART:19700101T000000Z ${'é'.repeat(60)}`;
    const ics = calendarFile({ ...CALL, location });
    const encoder = new TextEncoder();
    for (const line of ics.split('\r\n'))
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(unfolded(ics)).toContain(
      `LOCATION:Room 2\\; floor 3\\, \\\\ wing\\nDTSTART:19700101T000000Z ${'é'.repeat(60)}`,
    );
    expect(unfolded(ics).filter((line) => line.startsWith('DTSTART'))).toHaveLength(1);
  });
});
