/**
 * What the REST adapter and the OpenAPI document read of a router's procedures: path, type,
 * meta, input and output schemas. tRPC 11 has no public way to list a router's procedures or
 * read what one declares (the community OpenAPI adapters read the same `_def`), so this is the one
 * place that reads tRPC's internals; rest.ts and openapi.ts see only this shape.
 */
import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { $ZodType } from 'zod/v4/core';
import type { ProcedureMeta } from './rest-meta';

export interface ProcedureInfo {
  /** The dotted tRPC path, e.g. `facts.update`. */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: ProcedureMeta | undefined;
  /** Its `.input(...)` schemas, in order (every schema here is zod's). */
  inputs: $ZodType[];
  /** Its `.output(...)` schema: the shape of its answer (docs/api.md, "OpenAPI"). */
  output: $ZodType | undefined;
  procedure: AnyTRPCProcedure;
}

interface ProcedureDef {
  type: ProcedureInfo['type'];
  meta?: unknown;
  inputs: unknown[];
  output?: unknown;
}

/** Every procedure of `router`, in the router's order. */
export function proceduresOf(router: AnyTRPCRouter): ProcedureInfo[] {
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure>;
  return Object.entries(procedures).map(([path, procedure]) => {
    const def = procedure._def as ProcedureDef;
    return {
      path,
      type: def.type,
      meta: def.meta as ProcedureMeta | undefined,
      inputs: def.inputs as $ZodType[],
      output: def.output as $ZodType | undefined,
      procedure,
    };
  });
}
