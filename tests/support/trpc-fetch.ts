/**
 * A stand-in for the server in the client's component tests: `fetch` answered per tRPC
 * procedure, in tRPC's batch format, with every call recorded (path and input).
 */
import { vi } from 'vitest';

export type ProcedureAnswer =
  | { data: unknown }
  | { error: { message: string; code: string; httpStatus: number; issues?: ServerIssue[] } };

/** An input issue as the server's 400 carries it: a dotted path inside the input. */
export interface ServerIssue {
  path: string;
  message: string;
}

/** An answer now, or later: a promise the test resolves holds the call pending until then. */
export type Handler = (input: unknown) => ProcedureAnswer | Promise<ProcedureAnswer>;

export interface TrpcCall {
  path: string;
  input: unknown;
}

export function refusal(code: string, httpStatus: number, message: string): ProcedureAnswer {
  return { error: { message, code, httpStatus } };
}

/** The server's 400 for invalid input: the first issue's message, and every issue. */
export function invalidInput(issues: ServerIssue[]): ProcedureAnswer {
  return {
    error: {
      message: issues[0]?.message ?? 'Invalid input',
      code: 'BAD_REQUEST',
      httpStatus: 400,
      issues,
    },
  };
}

/**
 * Installs the fake `fetch`. `handlers` may be changed between steps of a test; a procedure
 * without a handler fails the test loudly. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeTrpcServer(handlers: Record<string, Handler>) {
  const calls: TrpcCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const paths = url.pathname.replace(/^\/api\/trpc\//, '').split(',');
    const inputs = parseInputs(url, init, paths.length);
    const answers = await Promise.all(
      paths.map(async (path, index) => {
        const callInput = inputs[index];
        calls.push({ path, input: callInput });
        const handler = handlers[path];
        if (!handler) throw new Error(`no fake answer for ${path}`);
        const answer = await handler(callInput);
        return 'data' in answer
          ? { result: { data: answer.data } }
          : {
              error: {
                message: answer.error.message,
                code: -32600,
                data: {
                  code: answer.error.code,
                  httpStatus: answer.error.httpStatus,
                  issues: answer.error.issues,
                },
              },
            };
      }),
    );
    // One refused call answers with its own status, as the server does; a batch with 200.
    const only = answers.length === 1 ? answers[0] : undefined;
    const status = only?.error ? only.error.data.httpStatus : 200;
    return new Response(JSON.stringify(answers), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls, handlers, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/**
 * Each call's input by its place in the batch: tRPC keys them "0", "1", … and leaves out a
 * call without one (a settings read beside a list's page), so the keys are read by place.
 */
function parseInputs(url: URL, init: RequestInit | undefined, count: number): unknown[] {
  const raw = init?.body ? String(init.body) : url.searchParams.get('input');
  if (!raw) return [];
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  return Array.from({ length: count }, (_, index) => parsed[String(index)]);
}
