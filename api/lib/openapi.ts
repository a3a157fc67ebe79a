import { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A JSON body (or the fields of a multipart form) with its zod schema, as a route validates it. */
export interface ApiResponse {
  description: string;
  schema?: z.ZodType;
  /** Media types of a body that is not JSON (e.g. image bytes); the schema, if any, describes each. */
  mediaTypes?: string[];
}

/**
 * One route of the public API as /api/openapi.json describes it. Each lives in the `operations` list of its
 * route folder's schema.ts, next to the zod schemas the handler validates with, so the document cannot drift from
 * them; tests/api/openapi.test.ts fails when a mounted route has no operation.
 */
export interface ApiOperation {
  method: HttpMethod;
  /** The full path in OpenAPI style: /api/projects/{id}. */
  path: string;
  summary: string;
  tag: string;
  /** Answers without sign-in. */
  public?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The JSON body may be left out entirely (the route reads none as {}). */
  optionalBody?: boolean;
  /** A multipart/form-data body instead of JSON. */
  form?: z.ZodType;
  /** Sends X-Project-ID (required) instead of a project in the path. */
  projectHeader?: boolean;
  /** Request headers the route reads and checks itself (documented, not zod-validated: e.g. Stripe-Signature). */
  headers?: z.ZodObject;
  /**
   * A body the route reads as raw bytes and never parses with zod, e.g. a webhook whose signature covers the exact
   * bytes sent: its media type, what it carries and, for readers, the shape it usually has.
   */
  rawBody?: { contentType: string; description: string; schema?: z.ZodType };
  responses: Record<number, ApiResponse>;
}

/** Declares one operation (typed identity: the list of a schema.ts reads as a table). */
export function operation(op: ApiOperation): ApiOperation {
  return op;
}

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
