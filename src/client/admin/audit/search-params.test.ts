import { describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { auditCsvHref, auditSearchSchema } from './search-params';

describe('audit log search params', () => {
  it('keeps a usable page, action and person', () => {
    expect(auditSearchSchema.parse({ page: 2, action: 'user_joined', actor: 'alice' })).toEqual({
      page: 2,
      action: 'user_joined',
      actor: 'alice',
    });
    // The router reads `?actor=2026` as a number: it is still a name.
    expect(auditSearchSchema.parse({ actor: 2026 })).toEqual({ actor: '2026' });
  });

  it('drops whatever a hand-edited address made unusable, and page 1', () => {
    expect(auditSearchSchema.parse({ page: 1, action: 'drop_tables', actor: '' })).toEqual({});
    expect(auditSearchSchema.parse({ page: 'x', actor: { a: 1 } })).toEqual({});
    // Longer than any name: the server would answer 400 for ever, so it is dropped.
    expect(auditSearchSchema.parse({ actor: 'x'.repeat(LIMITS.usernameMax + 1) })).toEqual({});
  });

  it('exports with the same filters, and every page', () => {
    expect(auditCsvHref({})).toBe('/api/audit.csv');
    expect(auditCsvHref({ action: 'sign_in', actor: 'a b&c' })).toBe(
      '/api/audit.csv?action=sign_in&actor=a+b%26c',
    );
  });
});
