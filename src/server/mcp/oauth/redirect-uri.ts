/**
 * Where a client may ask for its code to be sent (docs/mcp.md, "OAuth"): an https address,
 * or plain http on this machine's loopback (the desktop clients' local callback, RFC 8252
 * section 7.3), and never with a fragment (RFC 6749 section 3.1.2). Answers what is wrong,
 * or null.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Private-use callbacks (RFC 8252 section 7.1) of known desktop clients, matched exactly.
 * Cursor registers its app's callback beside an https and a loopback one in one request, so
 * refusing it would refuse Cursor altogether; the code is bound to its PKCE verifier, so an
 * app that steals the callback gets nothing it can exchange.
 */
const PRIVATE_USE_CALLBACKS = new Set(['cursor://anysphere.cursor-mcp/oauth/callback']);

export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (uri.includes('#')) return 'must not contain a fragment';
  if (PRIVATE_USE_CALLBACKS.has(uri)) return null;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must use https (plain http only on localhost or 127.0.0.1)';
}
