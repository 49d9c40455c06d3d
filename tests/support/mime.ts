import { simpleParser } from 'mailparser';

export interface ParsedMail {
  /** The Subject header, encoded words decoded. */
  subject: string;
  /** Header names in lower case, folded lines joined, values as sent (encoded words kept). */
  headers: Map<string, string>;
  /** The text/plain part, transfer encoding undone ('' when there is none). */
  text: string;
  /** The text/html part, transfer encoding undone ('' when there is none). */
  html: string;
}

/** A message as the test SMTP servers received it, read by the nodemailer project's parser. */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  const mail = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const headers = new Map(
    mail.headerLines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    ]),
  );
  return {
    subject: mail.subject ?? '',
    headers,
    text: (mail.text ?? '').replace(/\r\n/g, '\n').trim(),
    html: typeof mail.html === 'string' ? mail.html.trim() : '',
  };
}
