/**
 * METRICS_TOKEN, OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME and SHUTDOWN_SECONDS
 * (docs/operations.md): their defaults, and a bad value stopping the start with one line
 * naming the variable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'operations-config-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const load = (env: Record<string, string>) =>
  loadConfig({ DATABASE_PATH: path.join(dir, 'app.db'), ...env });

it('has metrics and tracing off and a 10-second stop by default', () => {
  expect(load({}).operations).toEqual({
    metricsToken: null,
    otlpEndpoint: null,
    serviceName: null,
    shutdownSeconds: 10,
  });
});

it('takes the token, the endpoint, the service name and the seconds', () => {
  expect(
    load({
      METRICS_TOKEN: ' 0123456789abcdef0123 ',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'harbor-site',
      SHUTDOWN_SECONDS: '30',
    }).operations,
  ).toEqual({
    metricsToken: '0123456789abcdef0123',
    otlpEndpoint: 'http://collector:4318',
    serviceName: 'harbor-site',
    shutdownSeconds: 30,
  });
});

it.each([
  [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
  [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
  [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
  [{ SHUTDOWN_SECONDS: 'ten' }, 'SHUTDOWN_SECONDS'],
  [{ SHUTDOWN_SECONDS: '-1' }, 'SHUTDOWN_SECONDS'],
  [{ SHUTDOWN_SECONDS: '3601' }, 'SHUTDOWN_SECONDS'],
])('refuses %j with one line naming %s', (env, variable) => {
  let error: unknown;
  try {
    load(env);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).message.startsWith(variable)).toBe(true);
  expect((error as ConfigError).message).not.toContain('\n');
});
