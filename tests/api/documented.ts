// The response schema /api/openapi.json documents for one route and status, for checking a real answer against it.
import type { z } from 'zod';
import type { HttpMethod } from '../../api/lib/route.ts';
import { API_ROUTES } from '../../api/routes/index.ts';

const declared = (method: HttpMethod, path: string) =>
  API_ROUTES.find((route) => route.method === method && route.path === path);

/** The zod schema the document shows for `status` of `method path` (OpenAPI-style path); throws when none is documented. */
export function documented(method: HttpMethod, path: string, status: number): z.ZodType {
  const schema = declared(method, path)?.responses[status]?.schema;
  if (!schema) throw new Error(`no documented ${status} schema for ${method.toUpperCase()} ${path}`);
  return schema;
}

/** The issues of `body` against the documented schema (undefined when it matches), so a failure shows what drifted. */
export function driftFrom(method: HttpMethod, path: string, status: number, body: unknown) {
  return documented(method, path, status).safeParse(body).error?.issues;
}

/** Whether a real Content-Type is one of the media types the document shows for a non-JSON answer (image/* covers image/png). */
export function documentsMediaType(
  method: HttpMethod,
  path: string,
  status: number,
  contentType: string | null,
): boolean {
  const types = declared(method, path)?.responses[status]?.mediaTypes ?? [];
  const type = (contentType ?? '').split(';')[0]!.trim();
  return types.some(
    (documentedType) =>
      documentedType === type || (documentedType.endsWith('/*') && type.startsWith(documentedType.slice(0, -1))),
  );
}
