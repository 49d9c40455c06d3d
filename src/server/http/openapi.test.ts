/**
 * GET /api/openapi.json: a valid OpenAPI 3.1 document (checked against the official schema),
 * made from the procedures' REST declarations, naming exactly the paths docs/api.md documents.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp } from '#tests/support/app';
import { openApiPath } from './openapi';

type Document = Record<string, unknown> & {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: unknown;
        parameters?: unknown[];
        responses?: Record<string, { content?: object }>;
      }
    >
  >;
};

/** `GET /api/ai-facts/{id}` for every documented method and path under /api of docs/api.md. */
function documentedPaths(): string[] {
  const text = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) `(\/api\/[^`?]+)/gm)].map(
    ([, method, path]) => `${method} ${openApiPath(path ?? '')}`,
  );
}

async function fetchDocument(): Promise<{ status: number; doc: Document }> {
  const { app } = await createTestApp();
  const response = await app.request('/api/openapi.json');
  return { status: response.status, doc: (await response.json()) as Document };
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const { status, doc } = await fetchDocument();
    expect(status).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    // The validator does refuse a broken one (a path without its leading slash).
    const broken = { ...doc, paths: { 'api/x': doc.paths['/api/tags'] } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('names exactly the paths docs/api.md documents', async () => {
    const { doc } = await fetchDocument();
    const described = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const documented = documentedPaths();
    expect(documented.length).toBeGreaterThan(60);
    expect(new Set(described)).toEqual(new Set(documented));
  });

  it('describes inputs from the zod schemas: path ids, query filters, bodies', async () => {
    const { doc } = await fetchDocument();
    const patch = doc.paths['/api/ai-facts/{id}']?.patch;
    expect(patch?.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(patch?.requestBody).toMatchObject({
      content: {
        'application/json': { schema: { properties: { factText: { type: 'string' } } } },
      },
    });
    expect(doc.paths['/api/messages.csv']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'q', in: 'query' }),
      expect.objectContaining({ name: 'subject', in: 'query' }),
    ]);
    expect(doc.paths['/api/newsletter/unsubscribe']?.post?.requestBody).toMatchObject({
      content: { 'application/x-www-form-urlencoded': {} },
    });
  });

  it("names each download's media type", async () => {
    const { doc } = await fetchDocument();
    const typeOf = (path: string) =>
      Object.keys(doc.paths[path]?.get?.responses?.['200']?.content ?? {});
    expect(
      [
        '/api/invoices/export.csv',
        '/api/invoices/export.zip',
        '/api/invoices/{id}/pdf',
        '/api/invoices/{id}/xml',
        '/api/leads/{id}/export',
      ].map(typeOf),
    ).toEqual([
      ['text/csv'],
      ['application/zip'],
      ['application/pdf'],
      ['application/xml'],
      ['application/json'],
    ]);
  });
});
