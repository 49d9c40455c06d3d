/**
 * Per-request values the app's middleware sets on the Hono context; each may be absent, as
 * for a router mounted without that middleware (a test of one router).
 */
export interface AppEnv {
  Variables: {
    requestId?: string;
    /** The security headers, computed once per app (middleware.ts, securityHeaders). */
    baseHeaders?: Readonly<Record<string, string>>;
    /** The same without the headers only a document obeys, for scripts and stylesheets. */
    subresourceHeaders?: Readonly<Record<string, string>>;
    /**
     * Set by `ownHeaders()` for a handler that builds its whole Response with a plain header
     * object, security headers and request id included (the public facts and static files):
     * the middleware then leaves that response alone, so no Headers object is made for it
     * (docs/decisions/0012-public-facts-fast-path-inside-createapp.md).
     */
    completeHeaders: boolean;
  };
}
