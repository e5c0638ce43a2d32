import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs.js';

/**
 * Routes that are not part of the API contract, named one by one: the reference page and its
 * assets, the document itself, and the HEAD twins Fastify adds to every GET. (The SPA fallback and
 * static files are not registered here: the test app serves no client.)
 */
const NOT_API = (method: string, url: string) =>
  method === 'HEAD' ||
  url === OPENAPI_PATH ||
  url === API_DOCS_PATH ||
  url.startsWith(`${API_DOCS_PATH}/`);

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await call<OpenApiDocument>(t.app, { url: OPENAPI_PATH });
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  // The registry is filled by an onRoute hook on the root instance, so it holds every route.
  it('lists every registered API route, each with its answers declared', () => {
    const routes = t.app.ctx.routeAccess.filter((r) => !NOT_API(r.method, r.url));
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    const undeclared: string[] = [];
    for (const { method, url } of routes) {
      const operation = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${method} ${url}`);
        continue;
      }
      // @fastify/swagger writes only a `default` answer for a route without response schemas.
      const statuses = Object.keys(operation.responses ?? {}).filter((s) => s !== 'default');
      if (statuses.length === 0) undeclared.push(`${method} ${url}`);
    }
    expect(missing).toEqual([]);
    expect(undeclared).toEqual([]);
  });

  it('describes every JSON refusal with the one error shape', () => {
    const odd: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const schema = answer.content?.['application/json']?.schema as
            { properties?: Record<string, unknown> } | undefined;
          // Sign-in answers browsers with pages; its JSON callers get the error shape.
          if (!status.startsWith('4') || !schema || answer.content?.['text/html']) continue;
          if (!schema.properties?.message) odd.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(odd).toEqual([]);
  });

  it('serves the reference page under a policy of its own, from this origin only', async () => {
    const page = await call(t.app, { url: API_DOCS_PATH });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/https?:|unsafe-eval/);
    const bundle = await call(t.app, { url: `${API_DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.status).toBe(200);
    // The rest of the API keeps its own short policy.
    const api = await call(t.app, { url: '/api/payment-config' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
