import { useEffect, useState } from 'react';
import { rawText } from './search-values';

/**
 * The `?token=` of a page opened from a mailed link (an invitation, a password reset): any
 * value is kept as text for the server to judge; a missing one is undefined.
 */
export function validateTokenSearch(search: Record<string, unknown>): { token?: string } {
  const token = rawText(search['token']);
  return token === undefined ? {} : { token };
}

/**
 * The token, read once and then kept in memory only: the address loses it at once (a replaced
 * history entry), so it is neither in the history nor sent as a Referer afterwards.
 */
export function useMailedLinkToken(
  searchToken: string | undefined,
  dropFromAddress: () => void,
): string | undefined {
  const [token] = useState(searchToken);
  useEffect(() => {
    if (searchToken !== undefined) dropFromAddress();
  }, [searchToken, dropFromAddress]);
  return token;
}
