import { useEffect, useState } from 'react';

/** The time, read again every `everyMs`, so "5 minutes ago" does not stay true for ever. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
