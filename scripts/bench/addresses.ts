/**
 * Client addresses for load: the server runs with TRUST_PROXY=1 and each request carries its
 * own X-Forwarded-For, so the per-address throttles stay on, exactly as in production, without
 * turning a run into a benchmark of 429s.
 */
let counter = 0;

/** A distinct benchmarking-range address per call (RFC 2544, 198.18.0.0/15). */
export function nextAddress(): string {
  counter++;
  return `198.18.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}
