/**
 * An IANA zone as the runtime names it (`europe/london` becomes `Europe/London`), so the server
 * and the browser agree; null when the runtime does not know it.
 */
export function canonicalTimezone(zone: string): string | null {
  if (zone === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
