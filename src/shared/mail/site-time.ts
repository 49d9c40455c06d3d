/**
 * A moment as the owner reads it in a mail: the day and time in the site's time zone
 * (SITE_TIMEZONE), with the zone's short name so nobody has to guess ("Wednesday 25 March
 * 2026, 14:05 GMT"). Mail programs show the text as sent, so the zone is chosen here, not by
 * the reader's device.
 */
export function siteTimeText(
  at: Date,
  timeZone: string,
  /** To the second ("14:05:09 GMT"): a signature's certificate names the very moment. */
  options: { seconds?: boolean } = {},
): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(options.seconds && { second: '2-digit' }),
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return (
    `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ` +
    `${part('hour')}:${part('minute')}${options.seconds ? `:${part('second')}` : ''} ${part('timeZoneName')}`
  );
}
