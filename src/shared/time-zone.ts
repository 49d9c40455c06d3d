/**
 * An IANA zone in the spelling the site keeps (docs/operations.md, "SITE_TIMEZONE"): the name as
 * given, its letters' case set as the runtime writes it (`europe/london` becomes
 * `Europe/London`), so the server and the browser agree; null when the runtime does not know it.
 * A name the runtime reads as another (Node 20's ICU answers `Asia/Calcutta` for
 * `Asia/Kolkata`, `Europe/Kiev` for `Europe/Kyiv`) is kept as given, never shown as the older
 * alias: both name the same zone to every `Intl` call.
 */
export function canonicalTimezone(zone: string): string | null {
  if (zone === '') return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  const lower = zone.toLowerCase();
  if (resolved.toLowerCase() === lower) return resolved;
  return (
    listedZones().get(lower) ??
    (zone === lower || zone === zone.toUpperCase() ? titled(zone) : zone)
  );
}

/**
 * A zone name the runtime does not list (a newer name, `asia/kolkata`) typed all in one case:
 * written as IANA writes its names, a capital after the start, `/` and `_`, and after `-`
 * unless the word is a short particle (`Port-au-Prince`).
 */
function titled(zone: string): string {
  return zone
    .toLowerCase()
    .replace(
      /(^|[/_])([a-z])/g,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
    .replace(/-([a-z]{3,})/g, (_, word: string) => `-${word[0]!.toUpperCase()}${word.slice(1)}`);
}

let listed: Map<string, string> | null = null;

/** The runtime's own zone names by their lower case (an alias's case is set from here). */
function listedZones(): Map<string, string> {
  listed ??= new Map(Intl.supportedValuesOf('timeZone').map((name) => [name.toLowerCase(), name]));
  return listed;
}
