/** Invitations for tests: the link's token as the invitee reads it in the mail. */
import { mailsSettled } from '#server/platform/mail';
import type { RecordingMailer } from './app';

/** The token of the invitation link in the last mail to `to` (after the background send). */
export async function invitationToken(mailer: RecordingMailer, to: string): Promise<string> {
  await mailsSettled(mailer);
  const mail = mailer.sent.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail was sent to ${to}`);
  const match = /\/admin\/invite\?token=([\w-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${to}`);
  return match[1];
}
