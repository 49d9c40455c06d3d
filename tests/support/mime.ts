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
  /** Calendar parts and files (text/calendar, application/ics): their type and text. */
  calendars: { contentType: string; filename: string | undefined; content: string }[];
  /**
   * The other files (a signed proposal's PDF): their type without parameters, name, and bytes
   * with the transfer encoding undone.
   */
  files: { contentType: string; filename: string | undefined; content: Buffer }[];
}

const CALENDAR = /^(text\/calendar|application\/ics)/;

/** A header line's value, folded lines joined. */
const headerValue = (line: string) =>
  line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();

/** A structured header's parameters ({} for any other header value). */
function paramsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || !('params' in value)) return {};
  const { params } = value;
  return typeof params === 'object' && params !== null
    ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))
    : {};
}

/** A message as the test SMTP servers received it, read by the nodemailer project's parser. */
export async function parseMail(raw: Buffer): Promise<ParsedMail> {
  const mail = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  const headers = new Map(mail.headerLines.map(({ key, line }) => [key, headerValue(line)]));
  return {
    subject: mail.subject ?? '',
    headers,
    text: (mail.text ?? '').replace(/\r\n/g, '\n').trim(),
    html: typeof mail.html === 'string' ? mail.html.trim() : '',
    calendars: mail.attachments
      .filter((part) => CALENDAR.test(part.contentType))
      .map((part) => ({
        // With its parameters (method=…), which mailparser keeps apart.
        contentType: [
          part.contentType,
          ...Object.entries(paramsOf(part.headers.get('content-type'))).map(
            ([name, value]) => `${name}=${value}`,
          ),
        ].join('; '),
        filename: part.filename,
        content: part.content.toString('utf8'),
      })),
    files: mail.attachments
      .filter((part) => !CALENDAR.test(part.contentType))
      .map(({ contentType, filename, content }) => ({ contentType, filename, content })),
  };
}
