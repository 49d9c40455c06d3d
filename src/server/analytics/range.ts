import { TRPCError } from '@trpc/server';
import { $ZodRealError } from 'zod/v4/core';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES } from '#shared/analytics';
import { addDays, daysSpanned, isRealDay } from '#shared/calendar-days';

/** The report's days when none are given: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export interface DayRange {
  from: string;
  to: string;
}

/** A 400 with one issue, shaped as the procedures' input errors are (docs/api.md). */
function invalid(path: 'from' | 'to', message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new $ZodRealError([{ code: 'custom', path: [path], message, input: undefined }]),
  });
}

/**
 * The days a report covers, in SITE_TIMEZONE, both included: `to` defaults to today and
 * `from` to the 30 days ending on `to`. A date that does not exist (2026-02-30), a range that
 * ends before it starts or spans more than 366 days: 400. A range reaching past today is
 * allowed (those days are zeros).
 */
export function resolveRange(input: { from?: string; to?: string }, today: string): DayRange {
  const given = (day: string | undefined) => (day ? day : undefined);
  const from = given(input.from);
  const to = given(input.to);
  if (from !== undefined && !isRealDay(from)) throw invalid('from', ANALYTICS_MESSAGES.date);
  if (to !== undefined && !isRealDay(to)) throw invalid('to', ANALYTICS_MESSAGES.date);
  const end = to ?? today;
  const start = from ?? addDays(end, -(DEFAULT_RANGE_DAYS - 1));
  const span = daysSpanned(start, end);
  if (span < 1 || span > ANALYTICS_LIMITS.rangeMaxDays) {
    throw invalid(to === undefined ? 'from' : 'to', ANALYTICS_MESSAGES.range);
  }
  return { from: start, to: end };
}

/** The period of equal length just before the range. */
export function previousRange(range: DayRange): DayRange {
  const span = daysSpanned(range.from, range.to);
  return { from: addDays(range.from, -span), to: addDays(range.from, -1) };
}
