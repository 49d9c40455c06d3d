/**
 * GET /api/openapi.json: an OpenAPI 3.1 description of the REST paths, made from the same
 * declarations the adapter serves (rest-meta.ts) and the procedures' zod schemas: the input
 * for the parameters and body, the output (`.output(...)`) for the answer, inside its envelope
 * (`success`, the key that holds the result, or the result spread beside it).
 */
import type { AnyTRPCRouter } from '@trpc/server';
import { safeParse, toJSONSchema, type $ZodType } from 'zod/v4/core';
import {
  FORM_MEDIA_TYPE,
  MULTIPART_MEDIA_TYPE,
  type RestAnswer,
  type RestRoute,
} from './rest-meta';
import { pathParams, restProcedures, type RestProcedure } from './rest';

type Schema = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** The error body of docs/api.md ("Errors"). */
const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { const: false },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
    requestId: { type: 'string' },
  },
};

/** A zod schema as JSON Schema: what a client sends (`input`) or receives (`output`). */
function jsonSchema(parser: $ZodType, io: 'input' | 'output'): Schema {
  const schema: Schema = {
    ...toJSONSchema(parser, { io, unrepresentable: 'any', reused: 'inline' }),
  };
  // The document's dialect (OpenAPI 3.1's) holds for every schema in it.
  delete schema.$schema;
  return schema;
}

/** The input schema of a procedure as JSON Schema (what a client sends); {} without one. */
function inputSchema(declared: RestProcedure): { schema: Schema; optional: boolean } {
  const parsers = declared.inputs;
  if (parsers.length === 0) return { schema: {}, optional: true };
  const schemas = parsers.map((parser) => jsonSchema(parser, 'input'));
  const optional = parsers.every((parser) => safeParse(parser, undefined).success);
  return { schema: schemas.length === 1 ? (schemas[0] ?? {}) : { allOf: schemas }, optional };
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const propertiesOf = (schema: Schema): Record<string, Schema> =>
  isSchema(schema.properties)
    ? Object.fromEntries(
        Object.entries(schema.properties).filter((entry): entry is [string, Schema] =>
          isSchema(entry[1]),
        ),
      )
    : {};

/** The names an object schema requires. */
const requiredOf = (schema: Schema): string[] =>
  Array.isArray(schema.required)
    ? schema.required.filter((name): name is string => typeof name === 'string')
    : [];

/** The object schema without the properties that the path and query give. */
function without(schema: Schema, names: readonly string[]): Schema {
  if (!schema.properties) return schema;
  const properties = Object.fromEntries(
    Object.entries(propertiesOf(schema)).filter(([name]) => !names.includes(name)),
  );
  const required = requiredOf(schema).filter((name) => !names.includes(name));
  const trimmed: Schema = { ...schema, properties, required };
  if (required.length === 0) delete trimmed.required;
  return trimmed;
}

/** Only these properties of the object schema, none of them required. */
function only(schema: Schema, names: readonly string[]): Schema {
  const properties = propertiesOf(schema);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, properties[name] ?? {}])),
  };
}

function requestBody(rest: RestRoute, schema: Schema, optional: boolean, taken: string[]) {
  const body = rest.body ?? 'none';
  const json = (bodySchema: Schema, required: boolean) => ({
    required,
    content: {
      'application/json': { schema: bodySchema },
      ...(rest.form
        ? {
            [FORM_MEDIA_TYPE]: {
              schema: {
                type: 'object',
                required: Object.keys(rest.form.fields),
                properties: Object.fromEntries(
                  Object.entries(rest.form.fields).map(([name, value]) => [name, { const: value }]),
                ),
              },
            },
          }
        : {}),
    },
  });
  if (body === 'none') return undefined;
  if (body === 'multipart') {
    const fields = without(schema, taken);
    const files = Object.fromEntries(
      Object.keys(propertiesOf(fields)).map((name) => [name, { type: 'string', format: 'binary' }]),
    );
    return {
      required: true,
      content: { [MULTIPART_MEDIA_TYPE]: { schema: { ...fields, properties: files } } },
    };
  }
  if (body === 'json' || body === 'optional') {
    return json(without(schema, taken), body === 'json' && !optional && taken.length === 0);
  }
  if ('into' in body) return json(propertiesOf(schema)[body.into] ?? {}, true);
  return body.fields.length ? json(only(schema, body.fields), !body.optional) : undefined;
}

/**
 * What the success answer holds: the procedure's output schema ({} without one) in the
 * envelope its declaration names (rest.ts `answerBody` builds the same).
 */
function answerSchema(answer: RestAnswer, output: $ZodType | undefined): Schema {
  const result = output ? jsonSchema(output, 'output') : {};
  if (answer === 'result') return result;
  const success = { success: { const: true } };
  if (answer === 'success') return { type: 'object', required: ['success'], properties: success };
  if (answer === 'spread') {
    return {
      ...result,
      type: 'object',
      required: ['success', ...requiredOf(result)],
      properties: { ...success, ...propertiesOf(result) },
    };
  }
  return {
    type: 'object',
    required: ['success', answer.key],
    properties: { ...success, [answer.key]: result },
  };
}

/**
 * A download's media type, from its path: the CSV exports, a lead's JSON export, the PDFs, the
 * invoices' XML and the accountant's ZIP (docs/api.md).
 */
function downloadType(path: string): string {
  if (path.endsWith('.zip')) return 'application/zip';
  if (path.endsWith('/export')) return 'application/json';
  if (path.endsWith('/pdf')) return 'application/pdf';
  if (path.endsWith('/xml')) return 'application/xml';
  return 'text/csv';
}

function operation(declared: RestProcedure) {
  const { rest } = declared;
  const { schema, optional } = inputSchema(declared);
  const params = pathParams(rest.path);
  const query = [...(rest.query ?? []), ...(rest.form?.query ?? [])];
  const properties = propertiesOf(schema);
  const parameters = [
    ...params.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: properties[name] ?? { type: 'string' },
    })),
    ...[...new Set(query)].map((name) => ({
      name,
      in: 'query',
      required: false,
      schema: properties[name] ?? { type: 'string' },
    })),
  ];
  const body = requestBody(rest, schema, optional, [...params, ...(rest.query ?? [])]);
  const status = String(rest.status ?? 200);
  const success = rest.download
    ? {
        description: 'The file',
        content: { [downloadType(rest.path)]: { schema: { type: 'string' } } },
      }
    : {
        description: 'Success',
        content: {
          'application/json': { schema: answerSchema(rest.answer ?? 'result', declared.output) },
        },
      };
  return {
    operationId: declared.path,
    summary: rest.summary ?? `The ${declared.path} procedure`,
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [status]: success,
      default: {
        description: 'An error (docs/api.md, "Errors")',
        content: { 'application/json': { schema: ERROR_REF } },
      },
    },
  };
}

/** `/api/ai-facts/:id` as OpenAPI writes it: `/api/ai-facts/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/** The OpenAPI 3.1 document of every REST path `router` declares, and of itself. */
export function openApiDocument(router: AnyTRPCRouter) {
  const paths: Record<string, Record<string, unknown>> = {
    '/api/openapi.json': {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        responses: {
          '200': {
            description: 'The OpenAPI 3.1 document of the REST paths',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  };
  for (const declared of restProcedures(router)) {
    const path = openApiPath(declared.rest.path);
    paths[path] = { ...paths[path], [declared.rest.method.toLowerCase()]: operation(declared) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Site API',
      version: '1',
      description:
        'The REST paths of docs/api.md, each declared on the tRPC procedure it calls. ' +
        'Every path is also a tRPC procedure at /api/trpc/<operationId>.',
    },
    paths,
    components: { schemas: { Error: ERROR_SCHEMA } },
  };
}
