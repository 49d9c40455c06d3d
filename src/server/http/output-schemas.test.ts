/**
 * Every procedure declares the shape of its answer (`.output(...)`, docs/api.md "OpenAPI"),
 * and the OpenAPI document describes each REST answer with it, not the envelope alone.
 */
import { describe, expect, it } from 'vitest';
import { appRouter } from '#server/app/app-router';
import { createTestApp } from '#tests/support/app';
import { proceduresOf } from './procedures';
import { restProcedures } from './rest';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };

describe('output schemas', () => {
  it('every procedure of the app router declares one', () => {
    const without = proceduresOf(appRouter)
      .filter((info) => !info.output)
      .map((info) => info.path);
    expect(without).toEqual([]);
  });

  it('the OpenAPI document describes each JSON answer beyond its envelope', async () => {
    const { app } = await createTestApp();
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const envelopeOnly: string[] = [];
    for (const { rest } of restProcedures(appRouter)) {
      // A download is a file; `success` is the answer's whole body by declaration.
      if (rest.download || rest.answer === 'success') continue;
      const path = rest.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[rest.method.toLowerCase()];
      const schema =
        operation?.responses[String(rest.status ?? 200)]?.content?.['application/json']?.schema ??
        {};
      const answer = rest.answer ?? 'result';
      const described =
        answer === 'result'
          ? Object.keys(schema).length > 0
          : answer === 'spread'
            ? Object.keys(schema.properties ?? {}).some((name) => name !== 'success')
            : Object.keys(schema.properties?.[answer.key] ?? {}).length > 0;
      if (!described) envelopeOnly.push(`${rest.method} ${rest.path}`);
    }
    expect(envelopeOnly).toEqual([]);
  });
});
