import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/hono.ts';
import { defineRoute } from '../../lib/route.ts';
import { MCP_TOOLS } from '../../mcp/tools.ts';

const tag = 'MCP';

/** A JSON-RPC 2.0 message as MCP clients send them (its params are each method's; the MCP server checks them). */
const message = z.looseObject({
  jsonrpc: z.literal('2.0', { error: 'A JSON-RPC 2.0 message is needed: "jsonrpc": "2.0".' }),
  id: z.union([z.string(), z.number()]).optional(),
  method: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
const answer = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
});

/** The tools as the document lists them: each name with what it does. */
const TOOL_LIST = MCP_TOOLS.map((tool) => `${tool.name} (${tool.description})`).join('; ');

const notAllowed = (c: Context<AppEnv>) =>
  c.json(
    { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: send JSON-RPC with POST.' }, id: null },
    405,
    {
      Allow: 'POST',
    },
  );

/** POST /api/mcp: the MCP server (Streamable HTTP, stateless), every tool acting as the API key's user (issue 25). */
export const mcpRoute = defineRoute({
  method: 'post',
  path: '/api/mcp',
  tag,
  summary:
    'The MCP server for AI agents and MCP clients (Streamable HTTP, stateless: no session, JSON answers). Authenticate with an API key; each tool acts as you, under your role in each project, and calls what the matching route calls.',
  body: z.union([message, z.array(message)]),
  bodyDescription: `A JSON-RPC 2.0 message of the Model Context Protocol (initialize, tools/list, tools/call, ...). Send Accept: application/json, text/event-stream. Tools: ${TOOL_LIST}.`,
  responses: {
    200: {
      description: 'The JSON-RPC answer; a refused tool call is a result with isError and the reason.',
      schema: answer,
    },
    202: { description: 'A notification or answer was accepted; nothing to say back.' },
    406: { description: 'The Accept header does not take both application/json and text/event-stream.' },
  },
  handler: async (c, { body }) => {
    // Loaded on first use: the SDK is not needed by the build of /docs/api, which reads these declarations.
    const { answerMcp } = await import('../../mcp/server.ts');
    return answerMcp(c.get('ctx'), c.req.raw, body);
  },
});

/** GET /api/mcp: no server-sent stream (the server keeps no session), as the Streamable HTTP transport allows. */
export const mcpStreamRoute = defineRoute({
  method: 'get',
  path: '/api/mcp',
  tag,
  summary: 'Not offered: the server keeps no session, so it opens no stream of its own (405, as MCP clients expect).',
  responses: { 405: { description: 'Send JSON-RPC with POST.', schema: answer } },
  handler: notAllowed,
});

/** DELETE /api/mcp: no session to end. */
export const mcpEndRoute = defineRoute({
  method: 'delete',
  path: '/api/mcp',
  tag,
  summary: 'Not offered: the server keeps no session to end (405).',
  responses: { 405: { description: 'Send JSON-RPC with POST.', schema: answer } },
  handler: notAllowed,
});

/** /api/mcp: the MCP server (issue 25). */
export const mcpRoutes = [mcpRoute, mcpStreamRoute, mcpEndRoute];
