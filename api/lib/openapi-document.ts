import { z } from 'zod';
import { errorBody, validationErrorBody, type ApiOperation } from './openapi.ts';

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a zod schema as a request (input) or response (output) has it; checks zod cannot express are left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query' | 'header'): JsonSchema[] {
  if (!schema) return [];
  const shape = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (shape.required ?? []).includes(name),
    schema: property,
  }));
}

function toOperation(op: ApiOperation): JsonSchema {
  const parameterList = [
    ...parameters(op.params, 'path'),
    ...parameters(op.query, 'query'),
    ...parameters(op.headers, 'header'),
  ];
  if (op.projectHeader)
    parameterList.push({
      name: 'X-Project-ID',
      in: 'header',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    });
  const responses: Record<string, JsonSchema> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.schema ? { schema: jsonSchema(response.schema, 'output') } : {};
    responses[status] = response.mediaTypes
      ? {
          description: response.description,
          content: Object.fromEntries(response.mediaTypes.map((type) => [type, schema])),
        }
      : response.schema
        ? { description: response.description, content: { 'application/json': schema } }
        : { description: response.description };
  }
  if (!op.public) responses['401'] ??= { $ref: '#/components/responses/Unauthorized' };
  if (op.body || op.form || op.params || op.query)
    responses['422'] ??= { $ref: '#/components/responses/ValidationError' };
  const document: JsonSchema = {
    summary: op.summary,
    tags: [op.tag],
    operationId: `${op.method}_${op.path}`.replace(/[^a-zA-Z0-9]+/g, '_'),
    responses,
  };
  if (parameterList.length) document.parameters = parameterList;
  if (op.body)
    document.requestBody = {
      required: !op.optionalBody,
      content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
    };
  if (op.rawBody) {
    const { contentType, description, schema } = op.rawBody;
    document.requestBody = {
      required: true,
      description,
      content: { [contentType]: schema ? { schema: jsonSchema(schema, 'input') } : {} },
    };
  }
  if (op.form)
    document.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: jsonSchema(op.form, 'input') } },
    };
  if (op.public) document.security = [];
  return document;
}

/** The OpenAPI 3.1 document of the given operations (GET /api/openapi.json); built once per process. */
export function buildOpenApiDocument(operations: readonly ApiOperation[], info: { version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = toOperation(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inkpilot API',
      version: info.version,
      description:
        'Every call takes `Authorization: Bearer <key>` with an API key from Settings → API Keys (or a sign-in token), and acts as that user under the same project roles: owners and editors write, viewers read, and a project you are not a member of answers 404. A key works while its account is on the Scale plan (403 otherwise); admin actions and creating API keys, invite links or billing-portal sessions need a signed-in session and refuse a key (403). Errors are `{ detail }`; validation errors (422) list `{ loc, msg, type }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key (ink_…) or a Firebase ID token.' },
      },
      responses: {
        Unauthorized: {
          description: 'Missing, invalid or revoked credentials.',
          content: { 'application/json': { schema: jsonSchema(errorBody, 'output') } },
        },
        ValidationError: {
          description: 'The input was refused; nothing changed.',
          content: { 'application/json': { schema: jsonSchema(validationErrorBody, 'output') } },
        },
      },
    },
    paths,
  };
}
