/** The testimonial requests' tests' helpers (src/server/engagements/testimonial-requests/). */
import type { MailMessage } from '#server/platform/mail';

/** The token of a `/t/<token>` link (or of `path`, e.g. `/t/withdraw/`) in a mail. */
export function tokenInMail(mail: MailMessage | undefined, path = '/t/'): string {
  const found = new RegExp(`${path.replace(/\//g, '\\/')}([\\w-]{43})`).exec(mail?.text ?? '');
  if (!found?.[1]) throw new Error(`no ${path} link in the mail`);
  return found[1];
}
