/**
 * The Node line the site runs on (docs/decisions/0053, docs/operations.md "Requirements"):
 * 22 or 24, the long-term-support lines. Node 20 reached end of life on 2026-04-30 and still
 * runs the site (the project's own machines run 20.20); there, the server's start says so in
 * one log line of its own.
 *
 * On Node 20 the AWS SDK also prints a 9-line notice (Node 22 will be required by its
 * releases after January 2027) the first time a process makes an S3 client: every
 * `npm run admin -- backup` and `backups`, a server's first backup to S3. That notice repeats
 * what the start's line and `npm ci` (package.json's `engines`) already say, so it is turned
 * off with the switch the SDK documents for this, unless the owner set that switch already.
 */

/** The first major version of a supported line. */
const FIRST_SUPPORTED_MAJOR = 22;

/** The AWS SDK's own switch for its notice of an old Node line (`true` turns it off). */
export const AWS_NODE_NOTICE_SWITCH = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

function pastEndOfLife(version: string): boolean {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? FIRST_SUPPORTED_MAJOR);
  return major < FIRST_SUPPORTED_MAJOR;
}

/** The start's one line on a Node line past its end of life; null on a supported line. */
export function endOfLifeNotice(version: string): string | null {
  if (!pastEndOfLife(version)) return null;
  return `Node ${version} is past its end of life (2026-04-30 for Node 20): run Node 22 or 24 (docs/operations.md, "Requirements")`;
}

/**
 * On a Node line past its end of life, the AWS SDK's notice of it off in `env` (the process's
 * environment, read when an S3 client is made), unless the owner set the switch.
 */
export function sdkNodeNoticesOff(env: NodeJS.ProcessEnv, version: string): void {
  if (pastEndOfLife(version)) env[AWS_NODE_NOTICE_SWITCH] ??= 'true';
}
