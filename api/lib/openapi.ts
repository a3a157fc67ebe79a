import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { registerWebhookEvents } from './openapi-webhooks.ts';
import type { ApiResponse, ApiRoute } from './route.ts';

/** The error bodies every route may answer with; listed once and referenced. */
export const errorBody = z.object({ detail: z.string(), request_id: z.string() });
export const validationErrorBody = z.object({
  detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  request_id: z.string(),
});
/** `{ message }`, the answer of deletes and other verbs with nothing else to say. */
export const messageBody = z.object({ message: z.string() });

/** The 429 of a route that starts AI-costing work past the hourly limits (THROTTLE_* settings, issue 22). */
export function throttled(noun: string): Record<number, ApiResponse> {
  return {
    429: {
      description: `The caller or the project started too many ${noun} in the last hour; the Retry-After header (seconds) and the message say when to try again.`,
      schema: errorBody,
    },
  };
}

const projectHeader = z.object({ 'X-Project-ID': z.uuid() });

const DESCRIPTION =
  'Every call takes `Authorization: Bearer <key>` with an API key from Settings → API Keys (or a sign-in token), and acts as that user under the same project roles: owners and editors write, viewers read, and a project you are not a member of answers 404. A key works while its account is on the Scale plan (403 otherwise); admin actions, signing out, revoking keys and creating API keys, invite links, checkout or billing-portal sessions need a signed-in session and refuse a key (403). Errors are `{ detail }`; validation errors (422) list `{ loc, msg, type }`.';

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of a body as a request (input) or response (output) has it, by zod's own converter (checks zod cannot
 * express are left open). Parameters are converted by @hono/zod-openapi; bodies keep zod's rendering, which knows
 * every zod 4 type (a nullable enum is anyOf [enum, null], a multi-value literal lists every value).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** A query declared as a union of objects (?month= or ?from=&to=) is documented as one object of optional fields. */
function documentedQuery(query: z.ZodType): z.ZodObject {
  if (query instanceof z.ZodObject) return query;
  if (query instanceof z.ZodUnion) {
    const shapes = query.options.map((option) => (option instanceof z.ZodObject ? option.shape : {}));
    return z.object(Object.assign({}, ...shapes)).partial();
  }
  throw new Error('a query is declared as an object or a union of objects');
}

function headersOf(route: ApiRoute): z.ZodObject | undefined {
  if (route.projectHeader) return route.headers ? route.headers.extend(projectHeader.shape) : projectHeader;
  return route.headers;
}

function requestBody(route: ApiRoute): NonNullable<RouteConfig['request']>['body'] {
  if (!route.body) return undefined;
  const kind = route.bodyKind ?? 'json';
  return {
    required: kind !== 'optional-json',
    ...(route.bodyDescription ? { description: route.bodyDescription } : {}),
    content: {
      [kind === 'form' ? 'multipart/form-data' : 'application/json']: { schema: jsonSchema(route.body, 'input') },
    },
  };
}

function responsesOf(route: ApiRoute): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {};
  for (const [status, { description, schema, mediaTypes }] of Object.entries(route.responses)) {
    const types = mediaTypes ?? (schema ? ['application/json'] : []);
    responses[status] = types.length
      ? {
          description,
          content: Object.fromEntries(
            types.map((type) => [type, schema ? { schema: jsonSchema(schema, 'output') } : {}]),
          ),
        }
      : { description };
  }
  if (!route.public) responses['401'] ??= { $ref: '#/components/responses/Unauthorized' };
  const validated = (route.body && route.bodyKind !== 'raw') || route.params || route.query;
  if (validated) responses['422'] ??= { $ref: '#/components/responses/ValidationError' };
  return responses;
}

/** The route as @hono/zod-openapi's createRoute declares it, for the document. */
function toRouteConfig(route: ApiRoute): RouteConfig {
  const headers = headersOf(route);
  const body = requestBody(route);
  return createRoute({
    method: route.method,
    path: route.path,
    summary: route.summary,
    tags: [route.tag],
    operationId: `${route.method}_${route.path}`.replace(/[^a-zA-Z0-9]+/g, '_'),
    ...(route.public ? { security: [] } : {}),
    request: {
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { query: documentedQuery(route.query) } : {}),
      ...(headers ? { headers } : {}),
      ...(body ? { body } : {}),
    },
    responses: responsesOf(route),
  });
}

/** The OpenAPI 3.1 document of the given routes (GET /api/openapi.json and /docs/api), from their declarations. */
export function buildOpenApiDocument(routes: readonly ApiRoute[], info: { version: string }) {
  const document = new OpenAPIHono();
  const registry = document.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key (ink_…) or a Firebase ID token.',
  });
  registry.registerComponent('responses', 'Unauthorized', {
    description: 'Missing, invalid or revoked credentials.',
    content: { 'application/json': { schema: jsonSchema(errorBody, 'output') } },
  });
  registry.registerComponent('responses', 'ValidationError', {
    description: 'The input was refused; nothing changed.',
    content: { 'application/json': { schema: jsonSchema(validationErrorBody, 'output') } },
  });
  for (const route of routes) registry.registerPath(toRouteConfig(route));
  registerWebhookEvents(registry, (schema) => jsonSchema(schema, 'output'));
  return document.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Inkpilot API', version: info.version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
  });
}
