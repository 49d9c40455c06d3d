import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '#tests/support/logger';
import { loggableError } from './logger';

describe('logger', () => {
  it("keeps its own level, event and time whatever the caller's fields say", () => {
    const logger = createMemoryLogger();
    logger.info('auth.login_failed', {
      level: 'error',
      event: 'auth.login_ok',
      time: 'yesterday',
      username: 'mallory',
    });
    const line = JSON.parse(logger.lines[0] ?? '{}') as Record<string, unknown>;
    expect(line.level).toBe('info');
    expect(line.event).toBe('auth.login_failed');
    // The logger's own time, not the caller's field.
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(line['field.level']).toBe('error');
    expect(line['field.event']).toBe('auth.login_ok');
    expect(line.username).toBe('mallory');
  });
});

describe('loggableError', () => {
  it('keeps the SQLite code and message of a failed query, never its parameters', () => {
    // drizzle's async drivers (libSQL) wrap a failure with the query and its parameters.
    const sqlite = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const query = new DrizzleQueryError('insert into contacts values (?)', ['secret text'], sqlite);
    expect(String(query)).toContain('secret text');
    const wrapped = new Error(query.message, { cause: query });
    expect(loggableError(wrapped)).toBe('SQLITE_BUSY: database is locked');
    expect(loggableError(new DrizzleQueryError('select ?', ['sid-123'], new Error('x')))).toBe(
      'database query failed',
    );
  });

  it('says a libSQL server is out of reach, still without the parameters', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), {
      code: 'ECONNREFUSED',
    });
    const fetchFailed = new TypeError('fetch failed', { cause: refused });
    const query = new DrizzleQueryError('select ?', ['sid-123'], fetchFailed);
    const logged = loggableError(query);
    expect(logged).toBe('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8080');
    expect(logged).not.toContain('sid-123');
  });

  it('names other errors by their root cause', () => {
    expect(loggableError(new Error('outer', { cause: new TypeError('inner') }))).toBe(
      'TypeError: inner',
    );
    expect(loggableError('plain')).toBe('plain');
  });
});
