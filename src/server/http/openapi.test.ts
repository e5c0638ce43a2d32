import {
  createConfig,
  escapePointerFragment,
  lintFromString,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '#test/support/call-app.js';
import { createTestApp, type TestApp } from '#test/support/test-app.js';
import { SESSION_COOKIE } from './route-schema.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './api-docs.js';
import { METRICS_SCHEME, SESSION_SCHEME, SMS_REPORT_SCHEME } from './route-schema.js';

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

/**
 * Routes that read the session themselves rather than through the route-access guard, and answer
 * 401 without it: a client must send the cookie to them as to a guarded route.
 */
const READS_THE_SESSION = new Set(['GET /api/auth/user']);
/**
 * Routes that need a credential of their own instead of the session, by the security scheme that
 * declares it: each must ask for that scheme alone and declare its 401.
 */
const OWN_CREDENTIAL = new Map([
  ['GET /metrics', METRICS_SCHEME],
  ['POST /api/webhooks/sms/orange', SMS_REPORT_SCHEME],
  ['POST /api/webhooks/sms/africastalking', SMS_REPORT_SCHEME],
]);
/** Public routes whose 401 is about something other than the session, and why. */
const OTHER_401 = new Map([
  ['GET /api/webhooks/campay', "the callback's signature does not verify"],
  ['POST /api/webhooks/campay', "the callback's signature does not verify"],
  ['POST /api/login', 'the e-mail and password do not match'],
]);

/** The name the linter knows the document by: its exceptions are filed under it. */
const LINTED_AS = 'openapi.json';
const pointer = (...keys: string[]) =>
  `#/${keys.map((key) => escapePointerFragment(key)).join('/')}`;
const answersOf = (operation: string) => {
  const [method = '', url = ''] = operation.split(' ');
  return pointer('paths', url, method.toLowerCase(), 'responses');
};

/**
 * Where one of Redocly's recommended rules does not fit this API, by rule and place, and why.
 * Every other problem fails the test, warnings included, and an exception that no longer matches
 * a problem fails it too, so the list holds only what is still needed.
 */
const LINT_EXCEPTIONS: Record<string, string[]> = {
  // These refuse nothing: reads that take no input and need no session, and the sign-out link
  // (it asks, or signs out, and without a session simply goes home). A 4xx made up for the rule
  // would have generated clients handle an answer that never comes.
  'operation-4xx-response': [
    'GET /healthz',
    'GET /readyz',
    'GET /api/editions',
    'GET /api/editions/past',
    'GET /api/payment-config',
    'GET /api/logout',
  ].map(answersOf),
  // Their success is a redirect: from the identity provider back to the page that asked, and
  // from the sign-out form to the home page (or to the provider's own sign-out).
  'operation-2xx-response': ['GET /api/callback', 'POST /api/logout'].map(answersOf),
  // /api/payment/receipt/{code} overlaps the /api/payment/{id}/... paths in shape only: a payment
  // id is a UUID, never "receipt", and the router tries the fixed segment first. Clients already
  // call these URLs, so they stay.
  'no-ambiguous-paths': [pointer('paths', '/api/payment/receipt/{code}')],
};

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let source: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const response = await call<OpenApiDocument>(t.app, { url: OPENAPI_PATH });
    expect(response.status).toBe(200);
    document = response.body;
    source = response.bytes.toString('utf8');
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig(
      {
        extends: ['recommended'],
        rules: {
          // The project is private and publishes no licence: the document must not claim one.
          'info-license': 'off',
        },
      },
      {
        ignore: {
          [LINTED_AS]: Object.fromEntries(
            Object.entries(LINT_EXCEPTIONS).map(([rule, places]) => [rule, new Set(places)]),
          ),
        },
      },
    );
    const problems = await lintFromString({ source, absoluteRef: LINTED_AS, config });
    const found = problems.filter((problem) => !problem.ignored);
    expect(found.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
    expect(found.filter((p) => p.severity === 'warn').map(describeProblem)).toEqual([]);
    const excused = new Set(
      problems.filter((p) => p.ignored).map((p) => `${p.ruleId} ${p.location[0]?.pointer}`),
    );
    const stale = Object.entries(LINT_EXCEPTIONS)
      .flatMap(([rule, places]) => places.map((place) => `${rule} ${place}`))
      .filter((exception) => !excused.has(exception));
    expect(stale).toEqual([]);
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

  it('describes every JSON refusal with the one error shape, named once', () => {
    const errorShape = document.components?.schemas?.ApiError as
      { properties?: Record<string, unknown>; required?: string[] } | undefined;
    expect(errorShape?.required).toEqual(['message']);
    expect(Object.keys(errorShape?.properties ?? {})).toEqual(['message', 'details']);
    const odd: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const schema = answer.content?.['application/json']?.schema as
            { $ref?: string; properties?: Record<string, unknown> } | undefined;
          // Sign-in answers browsers with pages; its JSON callers get the error shape.
          if (!status.startsWith('4') || !schema || answer.content?.['text/html']) continue;
          // By name, or written out where a refusal adds to it (the sandbox's declined card, its code).
          const isErrorShape =
            schema.$ref === '#/components/schemas/ApiError' || schema.properties?.message;
          if (!isErrorShape) odd.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(odd).toEqual([]);
  });

  // Generated clients (openapi-typescript, orval) name their functions after operationId.
  it('names every operation once, readably, with a one-line summary', () => {
    const seen = new Map<string, string>();
    const odd: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, { operationId, summary }] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!operationId || !/^[a-z][a-zA-Z0-9]*$/.test(operationId)) {
          odd.push(`${where}: operationId ${operationId} is not a camelCase name`);
        } else if (seen.has(operationId)) {
          odd.push(`${where}: operationId ${operationId} is also ${seen.get(operationId)}'s`);
        } else {
          seen.set(operationId, where);
        }
        if (!summary || summary.length > 80 || /\n/.test(summary) || !/^[A-Z]/.test(summary)) {
          odd.push(`${where}: summary ${JSON.stringify(summary)} is not one short sentence`);
        }
      }
    }
    expect(odd).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  });

  it('declares the session cookie, the metrics token and the SMS reports’ token, and no default', () => {
    // Public routes carry no security of their own and inherit this: it must stay empty.
    expect(document.security).toEqual([]);
    expect(document.components?.securitySchemes).toEqual({
      [SESSION_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: SESSION_COOKIE,
        description: expect.any(String),
      },
      [METRICS_SCHEME]: { type: 'http', scheme: 'bearer', description: expect.any(String) },
      [SMS_REPORT_SCHEME]: {
        type: 'apiKey',
        in: 'query',
        name: 'token',
        description: expect.any(String),
      },
    });
  });

  // Which routes need the session is decided by the route-access hook (or by the route itself for
  // READS_THE_SESSION); the document must say the same, and its refusals must agree. A route with
  // a credential of its own (OWN_CREDENTIAL) asks for that instead.
  it('asks for the session cookie on exactly the routes that need it, with their refusals', () => {
    const wrong: string[] = [];
    for (const { method, url, access } of t.app.ctx.routeAccess) {
      if (NOT_API(method, url)) continue;
      const where = `${method} ${url}`;
      const operation = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
      const statuses = Object.keys(operation?.responses ?? {});
      const needsSession = access !== 'public' || READS_THE_SESSION.has(where);
      const declared = JSON.stringify(operation?.security ?? null);
      const ownScheme = OWN_CREDENTIAL.get(where);
      if (ownScheme) {
        if (needsSession)
          wrong.push(`${where} takes its own credential but is guarded (${access})`);
        if (declared !== JSON.stringify([{ [ownScheme]: [] }])) {
          wrong.push(`${where} needs ${ownScheme} but declares security ${declared}`);
        }
        if (!statuses.includes('401')) wrong.push(`${where} needs ${ownScheme} but has no 401`);
      } else if (needsSession) {
        if (declared !== JSON.stringify([{ [SESSION_SCHEME]: [] }])) {
          wrong.push(`${where} needs the session but declares security ${declared}`);
        }
        if (!statuses.includes('401')) wrong.push(`${where} needs the session but has no 401`);
        if (access === 'admin' && !statuses.includes('403')) {
          wrong.push(`${where} is admin-only but has no 403`);
        }
      } else {
        if (operation?.security?.length) wrong.push(`${where} is public but declares ${declared}`);
        if (statuses.includes('401') && !OTHER_401.has(where)) {
          wrong.push(`${where} is public but answers 401`);
        }
      }
    }
    expect(wrong).toEqual([]);
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
