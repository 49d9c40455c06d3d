/**
 * A REST request made into its procedure's input (docs/api.md): the JSON, form or multipart
 * body as the route declares it, with the path's parameters and the query's values over it,
 * and the body's problems reported in the order docs/api.md ranks them.
 */
import type { Context as HonoCtx } from 'hono';
import { TRPCError } from '@trpc/server';
import { $ZodError, $ZodRealError } from 'zod/v4/core';
import { RestError } from './errors';
import type { AppEnv } from './hono-env';
import {
  FORM_MEDIA_TYPE,
  MULTIPART_MEDIA_TYPE,
  type UploadedFile,
  type RestRoute,
} from './rest-meta';
import { pathParams } from './rest-procedures';

type HonoContext = HonoCtx<AppEnv>;

/** Reads what the route declares and calls the procedure with the input made of it. */
export async function callWithInput(
  c: HonoContext,
  rest: RestRoute,
  call: (input: unknown) => Promise<unknown>,
): Promise<unknown> {
  const body = rest.body ?? 'none';
  const fields = declaredFields(c, rest);
  if (rest.form && isForm(c)) return call(await formInput(c, rest.form));
  if (body === 'none') return call(merged(undefined, fields));
  if (body === 'multipart') {
    // The same fields may come as a JSON object (a transcript's `{ text }`): a file cannot.
    const sent = isJson(c) ? await readBodyAfterChecks(c, true, call) : await multipartInput(c);
    return call({ ...(isObject(sent) ? sent : {}), ...fields?.values });
  }
  const optional =
    body === 'optional' || (typeof body === 'object' && 'fields' in body && body.optional);
  const value = await readBodyAfterChecks(c, Boolean(optional), call);
  if (typeof body === 'object' && 'fields' in body) {
    return call({ ...picked(value, body.fields), ...fields?.values });
  }
  if (typeof body === 'object') {
    return call({ ...fields?.values, [body.into]: value }).catch((error: unknown) =>
      bodyRelativeIssues(error, body.into),
    );
  }
  return call(merged(value, fields));
}

/** The path's parameters and the query's values; null when the route declares neither. */
function declaredFields(
  c: HonoContext,
  rest: RestRoute,
): { values: Record<string, string> } | null {
  const params = pathParams(rest.path);
  const query = rest.query ?? [];
  if (params.length === 0 && query.length === 0) return null;
  const values: Record<string, string> = {};
  for (const name of query) {
    const value = c.req.query(name);
    if (value !== undefined) values[name] = value;
  }
  // Raw strings: a bad id is refused by the procedure's input check, after its auth check.
  for (const name of params) values[name] = c.req.param(name) ?? '';
  return { values };
}

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body with the path's and query's values over it. Without any, the body is the input as
 * it is; no body is then the values alone, and a body that is no JSON object goes to the
 * input check as it is, to be refused there (400): the path names the id, never the body.
 */
function merged(body: unknown, fields: { values: Record<string, string> } | null): unknown {
  if (!fields) return body;
  if (body === undefined) return fields.values;
  return isObject(body) ? { ...body, ...fields.values } : body;
}

/** Only these fields of the body (a body that is no object has none of them). */
function picked(body: unknown, names: readonly string[]): Record<string, unknown> {
  const source = isObject(body) ? body : {};
  return Object.fromEntries(
    names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]]),
  );
}

/**
 * The JSON body, or undefined for a bodiless request without Content-Type (attach a tag,
 * logout), or, where the body is optional, for any empty one: those paths answered a
 * bodiless request before they took a body, whatever its Content-Type. Content-Type is
 * already vetted (415) by the app's middleware.
 */
async function readJsonBody(c: HonoContext, optional: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text === '') {
    if (!optional && c.req.header('content-type'))
      throw new RestError(400, 'Request body must be JSON');
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    throw new RestError(400, 'Request body must be valid JSON');
  }
}

/**
 * Reads the JSON body. When it cannot be read (empty while declared JSON, or malformed) the
 * procedure still runs, with no input: its throttle and auth checks answer first, as
 * docs/api.md ranks 429 and 401 above 400, and the input check it then fails on is reported
 * as the body's own error. Every procedure that reads a body takes an object, so an absent
 * input never passes validation.
 */
async function readBodyAfterChecks(
  c: HonoContext,
  optional: boolean,
  call: (input: unknown) => Promise<unknown>,
): Promise<unknown> {
  try {
    return await readJsonBody(c, optional);
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    try {
      await call(undefined);
    } catch (refusal) {
      if (!(refusal instanceof TRPCError && refusal.code === 'BAD_REQUEST')) throw refusal;
    }
    throw error;
  }
}

/**
 * A multipart/form-data body's fields as input: files as `UploadedFile`, texts as strings.
 * Another media type (or none) is no fields: the procedure's input check names what is
 * missing, after its auth check.
 */
async function multipartInput(c: HonoContext): Promise<Record<string, UploadedFile | string>> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== MULTIPART_MEDIA_TYPE) return {};
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new RestError(400, 'Request body must be valid multipart/form-data');
  }
  const input: Record<string, UploadedFile | string> = {};
  for (const [name, value] of Object.entries(form)) {
    if (typeof value === 'string') input[name] = value;
    else if (value instanceof File) {
      input[name] = { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  return input;
}

const isJson = (c: HonoContext) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/json';

const isForm = (c: HonoContext) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === FORM_MEDIA_TYPE;

/**
 * RFC 8058: a mail program's one-click unsubscribe posts exactly `List-Unsubscribe=One-Click`
 * as a form to the address in the List-Unsubscribe header, which carries the token.
 */
async function formInput(
  c: HonoContext,
  form: NonNullable<RestRoute['form']>,
): Promise<Record<string, string | undefined>> {
  const sent = new URLSearchParams(await c.req.text());
  for (const [name, value] of Object.entries(form.fields)) {
    if (sent.get(name) !== value) {
      throw new RestError(400, `A form body must be ${name}=${value}`);
    }
  }
  return Object.fromEntries(form.query.map((name) => [name, c.req.query(name)]));
}

/**
 * When the body is one field of the input (`{ id, data: body }`), its issues are named as the
 * client sent them (`factText`), not by the procedure's wrapping input (`data.factText`).
 */
function bodyRelativeIssues(error: unknown, key: string): never {
  if (error instanceof TRPCError && error.cause instanceof $ZodError) {
    // $ZodRealError is the Error subclass parse() throws; a plain $ZodError is not an Error
    // and tRPC would wrap it, hiding the issues.
    const cause = new $ZodRealError(
      error.cause.issues.map((issue) =>
        issue.path[0] === key ? { ...issue, path: issue.path.slice(1) } : issue,
      ),
    );
    throw new TRPCError({ code: error.code, message: error.message, cause });
  }
  throw error;
}
