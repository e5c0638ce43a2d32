import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema } from '#shared/schemas/api-error.js';
import {
  METRICS_SCHEME,
  SESSION_COOKIE,
  SESSION_SCHEME,
  SMS_REPORT_SCHEME,
} from './route-schema.js';

/** Where the reference page lives; its assets and its copy of the document sit below it. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The reference page runs Swagger UI's own scripts and styles, served from here. Its policy
 * allows only this origin (plus inline styles and data: images, which Swagger UI draws with),
 * and applies to the page and its assets alone: the site's own policy stays as it is.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * Shapes the document describes once, under components.schemas, and refers to by name. The one
 * error shape answers every refusal of every route: written out in each, it made two thirds of the
 * document, and the reference page took seconds longer to draw it.
 */
const NAMED_SCHEMAS = { ApiError: apiErrorBodySchema };
const namedSchemas = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) namedSchemas.add(schema, { id });
const namedSchemasTransform = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });

/**
 * Writes the named shapes into the document. The transform writes each twice, as an answer and as
 * a request (`ApiErrorInput`); no request takes an error, so the request twin goes.
 */
const transformObject: SwaggerTransformObject = (document) => {
  const object = namedSchemasTransform(document);
  if ('components' in object && object.components?.schemas) {
    for (const id of Object.keys(NAMED_SCHEMAS)) delete object.components.schemas[`${id}Input`];
  }
  return object;
};

/**
 * The OpenAPI 3.1 document, built from the routes' zod schemas as they are registered (so this
 * must be registered before them), at /api/openapi.json, and the reference page at /api/docs.
 * Each route names its operation (`operationId`, `summary`) and, when it needs the signed-in
 * session, asks for the session cookie (`security: SESSION_REQUIRED`) in its own schema; GET
 * /metrics asks for its bearer token (`METRICS_TOKEN_REQUIRED`).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Palmarès API',
        description:
          'Paid public voting: catalogue, checkout, receipts, and the admin dashboard. ' +
          'Every refusal answers `{ message, details? }`.',
        version: '1',
      },
      // The paths already begin with /api. A relative server is read against the document's own
      // address, so this is the root of whichever host served it: no host name to keep in step.
      servers: [{ url: '/' }],
      // Public unless an operation asks for the session cookie (SESSION_REQUIRED) or another
      // credential (METRICS_TOKEN_REQUIRED) itself.
      security: [],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session, set by signing in (POST /api/login, or /api/callback back from the ' +
              'identity provider). httpOnly: a browser on this site sends it by itself.',
          },
          [METRICS_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The METRICS_TOKEN setting, sent by Prometheus as `Authorization: Bearer <token>`. ' +
              'Only GET /metrics asks for it.',
          },
          [SMS_REPORT_SCHEME]: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description:
              'The secret in the URL an SMS gateway posts delivery reports to: ORANGE_SMS_NOTIFY_TOKEN or AT_CALLBACK_TOKEN. ' +
              'Only the two delivery report routes ask for it.',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: namedSchemas }),
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true, docExpansion: 'list' },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
}
