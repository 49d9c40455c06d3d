/** Per-request values the app's middleware sets on the Hono context. */
export interface AppEnv {
  Variables: {
    requestId: string;
  };
}
