/** METRICS_TOKEN, OTEL_* and SHUTDOWN_SECONDS (docs/operations.md). */
import { ConfigError, type Env } from './config-values';

export interface OperationsConfig {
  /** METRICS_TOKEN: the bearer token of GET /metrics; null: /metrics answers 404. */
  metricsToken: string | null;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (OTLP over HTTP, without /v1/traces); null: no tracing. */
  otlpEndpoint: string | null;
  /** OTEL_SERVICE_NAME; null: the package's name. */
  serviceName: string | null;
  /** SHUTDOWN_SECONDS: how long a SIGTERM waits for requests and mail in flight. */
  shutdownSeconds: number;
}

/** METRICS_TOKEN and the OpenTelemetry and shutdown settings (docs/operations.md). */
export function parseOperations(env: Env): OperationsConfig {
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  // A guessable token would open the counts to anyone who can reach the port.
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  }
  const otlpEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null;
  if (otlpEndpoint !== null) {
    const url = URL.canParse(otlpEndpoint) ? new URL(otlpEndpoint) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(
        `OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// address, got "${otlpEndpoint}"`,
      );
    }
  }
  const seconds = env.SHUTDOWN_SECONDS?.trim();
  if (seconds && (!/^\d{1,4}$/.test(seconds) || Number(seconds) > 3600)) {
    throw new ConfigError(
      `SHUTDOWN_SECONDS must be a whole number of seconds from 0 to 3600, got "${seconds}"`,
    );
  }
  return {
    metricsToken,
    otlpEndpoint,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || null,
    shutdownSeconds: seconds ? Number(seconds) : 10,
  };
}
