/**
 * Which procedures declare a REST path (`.meta({ rest })`, rest-meta.ts), and the lists the
 * app's middleware and the OpenAPI document read from them: form bodies, uploads, paths
 * logged without the client address.
 */
import type { AnyTRPCRouter } from '@trpc/server';
import { FORM_MEDIA_TYPE, MULTIPART_MEDIA_TYPE, type RestRoute } from './rest-meta';
import { proceduresOf, type ProcedureInfo } from './procedures';

/** A procedure that declares a REST path, with its dotted tRPC path. */
export interface RestProcedure extends ProcedureInfo {
  rest: RestRoute;
}

/** Every procedure of `router` that declares a REST path, in the router's order. */
export function restProcedures(router: AnyTRPCRouter): RestProcedure[] {
  return proceduresOf(router).flatMap((info) => {
    const rest = info.meta?.rest;
    return rest ? [{ ...info, rest }] : [];
  });
}

/** The `:name` segments of a declared path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/** The paths that take a form body besides JSON, with its media type (http/middleware.ts). */
export function formPaths(router: AnyTRPCRouter): Record<string, string> {
  return Object.fromEntries(
    restProcedures(router)
      .filter(({ rest }) => rest.form)
      .map(({ rest }) => [rest.path, FORM_MEDIA_TYPE]),
  );
}

/** A path that takes an upload: what it matches, and its largest body (http/middleware.ts). */
export interface UploadPath {
  pattern: RegExp;
  maxBodyBytes: number;
  mediaType: string;
  /** Read by its handler as it streams, never buffered by the guards (middleware.ts). */
  streamed?: boolean;
}

/** The paths that take a multipart body, each with its body limit. */
export function uploadPaths(router: AnyTRPCRouter): UploadPath[] {
  return restProcedures(router)
    .filter(({ rest }) => rest.body === 'multipart')
    .map(({ rest }) => ({
      pattern: new RegExp(`^${rest.path.replace(/:\w+/g, '[^/]+')}$`),
      maxBodyBytes: rest.maxBodyBytes ?? 65_536,
      mediaType: MULTIPART_MEDIA_TYPE,
    }));
}

/** The paths whose request log line leaves the client address out. */
export function anonymousLogPaths(router: AnyTRPCRouter): Set<string> {
  return new Set(
    restProcedures(router)
      .filter(({ rest }) => rest.anonymousLog)
      .map(({ rest }) => rest.path),
  );
}
