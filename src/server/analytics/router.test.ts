/**
 * The analytics procedures' input rules through createCaller: the beacon's fields, and the
 * report's (and its CSV download's) day range, with its defaults. Recording is proven in
 * record.test.ts, the figures in report.test.ts, the HTTP paths in http/rest-paths.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '#shared/analytics';
import { procedureCallers } from '#tests/support/app';
import { page } from '#tests/support/analytics';
import { failure, issuesOf } from '#tests/support/trpc-errors';

describe('analytics.record', () => {
  it.each([
    [{ name: 'Page View', url: page() }, 'name', ANALYTICS_MESSAGES.name],
    [{ name: 'x'.repeat(41), url: page() }, 'name', ANALYTICS_MESSAGES.name],
    [{ name: 'pageview', url: '/relative' }, 'url', ANALYTICS_MESSAGES.url],
    [{ name: 'pageview', url: 'javascript:alert(1)' }, 'url', ANALYTICS_MESSAGES.url],
    [{ name: 'pageview', url: `${page('/')}${'a'.repeat(2000)}` }, 'url', ANALYTICS_MESSAGES.url],
    [
      { name: 'pageview', url: page(), referrer: 'r'.repeat(2001) },
      'referrer',
      ANALYTICS_MESSAGES.url,
    ],
  ])('refuses %j naming %s', async (input, path, message) => {
    const { anonymous } = await procedureCallers();
    expect(await issuesOf(anonymous.analytics.record(input))).toEqual([{ path, message }]);
  });
});

describe('analytics.report and analytics.exportCsv', () => {
  const DATE = ANALYTICS_MESSAGES.date;
  const RANGE = ANALYTICS_MESSAGES.range;
  it.each([
    [{ from: '2026-1-5' }, 'from', DATE],
    [{ to: 'yesterday' }, 'to', DATE],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from', DATE],
    [{ from: '2026-01-10', to: '2025-13-01' }, 'to', DATE],
    [{ from: '2026-01-10', to: '2026-01-09' }, 'to', RANGE],
    [{ from: '2025-01-14', to: '2026-01-15' }, 'to', RANGE],
    // Only a start after today: the range would end (today) before it starts.
    [{ from: '2026-02-01' }, 'from', RANGE],
    // Only a start more than 366 days ago.
    [{ from: '2024-12-01' }, 'from', RANGE],
  ])('refuses %j naming %s', async (input, path, message) => {
    const { admin } = await procedureCallers();
    expect(await issuesOf(admin.analytics.report(input))).toEqual([{ path, message }]);
    expect(await issuesOf(admin.analytics.exportCsv(input))).toEqual([{ path, message }]);
  });

  it.each([
    [{ from: '2025-01-15', to: '2026-01-15' }, '2025-01-15', '2026-01-15', 366],
    [{ from: '2026-01-15', to: '2026-01-15' }, '2026-01-15', '2026-01-15', 1],
    [{ to: '2026-01-01' }, '2025-12-03', '2026-01-01', 30],
    [{ from: '', to: '' }, '2025-12-17', '2026-01-15', 30],
    [{ from: '2026-01-10', to: '2026-02-10' }, '2026-01-10', '2026-02-10', 32],
  ])('%j: from %s to %s, %i days', async (input, from, to, days) => {
    const { admin } = await procedureCallers();
    const report = await admin.analytics.report(input);
    expect(report).toMatchObject({ from, to });
    expect(report.daily).toHaveLength(days);
  });

  it('is for signed-in administrators only', async () => {
    const { anonymous } = await procedureCallers();
    expect((await failure(anonymous.analytics.report({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.analytics.exportCsv({}))).code).toBe('UNAUTHORIZED');
  });
});
