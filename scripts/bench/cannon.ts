/** One autocannon run, reduced to the figures the bench table shows. */
import autocannon from 'autocannon';
import { nextAddress } from './addresses';
import type { Target } from './targets';

export interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts plus answers that were not 2xx. */
  errors: number;
  /** Answers that were 2xx. */
  ok: number;
}

export async function fire(
  url: string,
  target: Target,
  seconds: number,
  connections = 100,
): Promise<RunFigures> {
  const result = await autocannon({
    url: url + target.path,
    method: target.method,
    headers: target.headers,
    body: target.body,
    ...(target.ownAddress
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...target.headers, 'x-forwarded-for': nextAddress() },
              }),
            },
          ],
        }
      : {}),
    connections,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ok: result['2xx'],
  };
}
