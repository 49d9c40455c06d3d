import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { fieldIssues } from './field-issues';

function badRequest(issues: unknown) {
  return new TRPCClientError('Invalid input', {
    result: { error: { data: { code: 'BAD_REQUEST', httpStatus: 400, issues } } },
  });
}

describe('fieldIssues', () => {
  it('keys the first message of each field by the last part of its path', () => {
    const error = badRequest([
      { path: 'data.value', message: 'Value must be a whole number' },
      { path: 'data.value', message: 'second' },
      { path: 'text', message: 'Note must be at most 5,000 characters' },
    ]);
    expect(fieldIssues(error)).toEqual({
      value: 'Value must be a whole number',
      text: 'Note must be at most 5,000 characters',
    });
  });

  it('is empty for an error without issues or one that is not the server answering', () => {
    expect(fieldIssues(badRequest(undefined))).toEqual({});
    expect(fieldIssues(new Error('Failed to fetch'))).toEqual({});
    expect(fieldIssues(badRequest([{ path: 3 }, null]))).toEqual({});
  });
});
