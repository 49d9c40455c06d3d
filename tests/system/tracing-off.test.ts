/**
 * Without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is loaded (docs/operations.md,
 * "Traces"). The server process runs with a module hook that refuses to resolve any
 * `@opentelemetry/` import: a start that loaded one would fail. The same hook with the
 * variable set does stop the start, which shows the hook sees the SDK's imports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startServerProcess } from '#tests/support/server-process';

const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@opentelemetry/')) throw new Error('refused-by-test: ' + specifier);
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));`;
const NODE_OPTIONS = [
  process.env.NODE_OPTIONS ?? '',
  `--import=data:text/javascript,${encodeURIComponent(REGISTER)}`,
]
  .join(' ')
  .trim();

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tracing-off-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('starts and serves without loading any @opentelemetry module', async () => {
  const server = await startServerProcess(path.join(dir, 'app.db'), { NODE_OPTIONS });
  try {
    const res = await fetch(`${server.url}/livez`);
    expect(res.status).toBe(200);
    expect(server.output()).not.toContain('refused-by-test');
  } finally {
    server.signal('SIGKILL');
  }
}, 90_000);

it('with OTEL_EXPORTER_OTLP_ENDPOINT set the SDK is loaded: the same hook stops the start', async () => {
  const start = startServerProcess(path.join(dir, 'app.db'), {
    NODE_OPTIONS,
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
  });
  await expect(start).rejects.toThrow(/refused-by-test: @opentelemetry\//);
}, 90_000);
