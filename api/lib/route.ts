import type { Context } from 'hono';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { NotFoundError } from './errors.ts';
import type { AppEnv } from './hono.ts';
import { parseJson, parseOptionalJson, parseWith } from './validate.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One answer of a route: what it means and, for a JSON body, its zod schema. */
export interface ApiResponse {
  description: string;
  schema?: z.ZodType;
  /** Media types of a body that is not JSON (e.g. image bytes); the schema, if any, describes each. */
  mediaTypes?: string[];
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the path parameters, query and body, each already checked by its declared schema. */
export interface RouteInput<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

type Schema = z.ZodType | undefined;
type ObjectSchema = z.ZodObject | undefined;

/**
 * One /api route, declared once: the router, the OpenAPI document (/api/openapi.json, /docs/api), the list of paths
 * that answer without sign-in and the body rules are all read from these declarations (api/routes/index.ts).
 */
export interface RouteDeclaration<
  P extends ObjectSchema = ObjectSchema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
> {
  method: HttpMethod;
  /** The full path in OpenAPI style: /api/projects/{id}. A trailing slash reaches the same route. */
  path: string;
  summary: string;
  tag: string;
  /** Answers without sign-in (the default is a signed-in user or an API key). */
  public?: boolean;
  /** Needs X-Project-ID (the project selected in the workspace) instead of a project in the path. */
  projectHeader?: boolean;
  /**
   * Path parameters. A value its schema refuses names nothing: the answer is 404 with the schema's message (so each
   * declares one, like z.uuid({ error: 'Project not found.' })), the same as for an id that does not exist.
   */
  params?: P;
  /** Query parameters; refused ones answer 422 under loc ['query', …]. A union of objects is documented as one. */
  query?: Q;
  /** The body's schema: refused fields answer 422 under loc ['body', …]. */
  body?: B;
  /**
   * How the body is read: JSON (the default; a body that is not JSON is 422 json_invalid), JSON that may be left out
   * (none reads as {}), the text fields of a multipart form, or raw: the handler reads the exact bytes itself (e.g. to
   * check a signature over them), `body` only documents the shape they usually have and the handler's input.body is
   * undefined.
   */
  bodyKind?: 'json' | 'optional-json' | 'form' | 'raw';
  /** What the body carries, for the document (a raw body says why it must arrive unchanged). */
  bodyDescription?: string;
  /** The largest body read: API_BODY_MAX_BYTES unless the route says otherwise (uploads: UPLOAD_MAX_BYTES). */
  maxBytes?: (config: Config) => number;
  /** Request headers the handler reads and checks itself (documented, not zod-validated: e.g. Stripe-Signature). */
  headers?: z.ZodObject;
  responses: Record<number, ApiResponse>;
  handler: (c: Context<AppEnv>, input: RouteInput<P, Q, B>) => Response | Promise<Response>;
}

/** A declared route as the lists of api/routes hold it (routes of every input type). */
export type ApiRoute = RouteDeclaration<any, any, any>;

/** Declares a route (a typed identity: the handler's input is inferred from the declared schemas). */
export function defineRoute<
  P extends ObjectSchema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
>(declaration: RouteDeclaration<P, Q, B>): RouteDeclaration<P, Q, B> {
  return declaration;
}

/** The route's path as Hono routes it: /api/projects/:id. */
export function routingPath(route: ApiRoute): string {
  return route.path.replace(/\{([^}]+)\}/g, ':$1');
}

const NO_INPUT = Object.freeze({ params: undefined, query: undefined, body: undefined });

/**
 * The Hono handler of a declared route: path parameters first (a refused one is 404, nothing else is looked at),
 * then the query, then the body, then the declared handler. A route that declares no input adds no work.
 */
export function routeHandler(route: ApiRoute): (c: Context<AppEnv>) => Response | Promise<Response> {
  const { params, query, body, bodyKind = 'json', handler } = route;
  const readsBody = body !== undefined && bodyKind !== 'raw';
  if (!params && !query && !readsBody) return (c) => handler(c, NO_INPUT);
  return async (c) => {
    const input = {
      params: params ? pathParams(params, c.req.param()) : undefined,
      query: query ? parseWith(query, c.req.query(), 'query') : undefined,
      body: readsBody ? await readBody(c, body, bodyKind) : undefined,
    };
    return handler(c, input);
  };
}

function pathParams(schema: z.ZodType, values: Record<string, string>): unknown {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new NotFoundError(parsed.error.issues[0]?.message ?? 'Not found.');
  return parsed.data;
}

async function readBody(c: Context<AppEnv>, schema: z.ZodType, kind: RouteDeclaration['bodyKind']): Promise<unknown> {
  if (kind === 'optional-json') return parseOptionalJson(c, schema);
  if (kind !== 'form') return parseJson(c, schema);
  // The text fields of the form; a form that cannot be read is checked as an empty one (its fields are missing).
  const form = await c.req.parseBody().catch(() => ({}));
  const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string'));
  return parseWith(schema, fields, 'body');
}
