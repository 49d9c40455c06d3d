import { describe, expect, it } from 'vitest';
import { calendarLinks, callTitle } from './calendar-links';

const call = {
  title: callTitle('Marsh & Co'),
  start: new Date('2026-06-02T08:00:00.000Z'),
  end: new Date('2026-06-02T08:30:00.000Z'),
  location: 'https://meet.example/harbor?room=1&x=2',
  details: 'Where: https://meet.example/harbor\nReschedule or cancel: https://a.example/?token=t',
};

describe('calendarLinks', () => {
  it("builds Google's template link: title, UTC times without separators, details, place", () => {
    const url = new URL(calendarLinks(call).google);
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Free call with Marsh & Co',
      dates: '20260602T080000Z/20260602T083000Z',
      details: call.details,
      location: call.location,
    });
  });

  it("builds Outlook's compose link with ISO times", () => {
    const url = new URL(calendarLinks(call).outlook);
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://outlook.live.com/calendar/0/deeplink/compose',
    );
    expect(url.searchParams.get('subject')).toBe('Free call with Marsh & Co');
    expect(url.searchParams.get('startdt')).toBe('2026-06-02T08:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2026-06-02T08:30:00.000Z');
    expect(url.searchParams.get('body')).toBe(call.details);
    expect(url.searchParams.get('location')).toBe(call.location);
  });

  it('writes spaces as %20, never +, and keeps & and ? inside their values', () => {
    const { google, outlook } = calendarLinks(call);
    for (const link of [google, outlook]) {
      expect(link).not.toContain('+');
      expect(link).toContain('Free%20call%20with%20Marsh%20%26%20Co');
    }
  });
});
