/** Per-request values the app's middleware sets on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The security headers, computed once per app (middleware.ts, securityHeaders). */
    baseHeaders: Readonly<Record<string, string>>;
    /** Set by a handler that already put the base headers and request id on its response. */
    headersSet: boolean;
  };
}
