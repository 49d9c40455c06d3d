/**
 * What a procedure declares about its REST path (docs/api.md, "REST paths"): `.meta({ rest })`
 * on the procedure is the one place a path is written. The adapter (rest.ts) serves it and
 * openapi.ts describes it; neither knows any feature.
 */

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How the JSON body becomes the procedure's input. Path parameters (and `query`) are merged
 * over it; a body that is not a JSON object then goes to the input check as it is, to be
 * refused there (400).
 * - `'none'`: not read at all.
 * - `'json'`: read; a body declared JSON must be JSON (an empty one is 400), no body at all
 *   (no Content-Type either) is no input.
 * - `'optional'`: as `'json'`, but an empty body is no body whatever its Content-Type: paths
 *   that answered a bodiless request before they took a body.
 * - `{ fields }`: read as `'json'` (or as `'optional'`), then only these fields of it are
 *   input: `[]` for a path that takes no body but still refuses a broken one.
 * - `'multipart'`: a multipart/form-data body (an upload); its fields are input fields, files
 *   as `UploadedFile`. Such a path takes that media type, and up to `maxBodyBytes`; a JSON
 *   object sent instead gives its fields (no file can come that way).
 * - `{ into }`: the body is one field of the input (`{ id, data: body }`); its issues are
 *   named as the client sent them (`factText`, not `data.factText`).
 */
export type RestBody =
  | 'none'
  | 'json'
  | 'optional'
  | 'multipart'
  | { fields: readonly string[]; optional?: true }
  | { into: string };

/**
 * A file of a `'multipart'` body (multipart/form-data): each form field is an input field of
 * the same name, a file as this and a text as its string.
 */
export interface UploadedFile {
  /** The name the browser gave it (never trusted for its type). */
  name: string;
  bytes: Uint8Array;
}

/**
 * The answer's body, when it is not the procedure's result as is:
 * - `'success'`: `{ success: true }` alone;
 * - `{ key }`: `{ success: true, [key]: result }`;
 * - `'spread'`: `{ success: true, ...result }`.
 */
export type RestAnswer = 'result' | 'success' | 'spread' | { key: string };

export interface RestRoute {
  method: RestMethod;
  /** Under /api, with `:name` segments that become the input's `name`, as raw strings. */
  path: `/api/${string}`;
  /** Of a success; 200 unless said. */
  status?: 200 | 201 | 202;
  /** Query parameters read into the input under their names (absent ones are left out). */
  query?: readonly string[];
  body?: RestBody;
  answer?: RestAnswer;
  /**
   * A file download (the CSV exports): the procedure answers a `FileDownload`, whose `open()`
   * makes the response; the JSON transport shows only its file name.
   */
  download?: true;
  /**
   * The answer may be framed by the site's own pages (`frame-ancestors 'self'`,
   * `X-Frame-Options: SAMEORIGIN`) rather than by none: the admin's entry preview
   * (docs/content.md, "The editor"). Every other answer stays unframeable.
   */
  framedBySameOrigin?: true;
  /**
   * A form body this path also takes (RFC 8058's one-click unsubscribe): it must hold exactly
   * these fields and values, and the input is then `query`'s named values of the address.
   */
  form?: {
    fields: Readonly<Record<string, string>>;
    query: readonly string[];
  };
  /** A larger body than the API's 64 KiB (an upload); over it, 413 (http/middleware.ts). */
  maxBodyBytes?: number;
  /** Left out of the request log's client address (the analytics beacon). */
  anonymousLog?: true;
  /** One line for the OpenAPI document. */
  summary?: string;
}

export interface ProcedureMeta {
  rest?: RestRoute;
}

/** The one media type of `form` bodies (http/middleware.ts lets it through on those paths). */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** The media type of `'multipart'` bodies. */
export const MULTIPART_MEDIA_TYPE = 'multipart/form-data';
