/**
 * Why the WebAuthn library refused an answer, for the log. Its messages can quote the
 * challenge they expected and the one received, which must never reach a log line
 * (docs/passkeys.md): a challenge mismatch is named without them, and any other message is
 * kept short (it may quote what the browser sent, such as the origin).
 */
export function refusalReason(error: unknown): string {
  if (!(error instanceof Error)) return 'malformed';
  if (/challenge/i.test(error.message)) return 'wrong challenge';
  return error.message.slice(0, 200);
}
