import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs`: rendering 50,000 characters of
 * Markdown on every keystroke would make typing lag, a pause of 200 ms is not noticed.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
