import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServiceContext } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import { httpStatus } from '../middleware/errors.ts';
import { MCP_TOOLS, type McpTool, toolInput } from './tools.ts';

const INSTRUCTIONS =
  'Inkpilot plans, writes and publishes blog posts for your projects. Start with list_projects; get_brand_guide gives ' +
  'the style guide id start_plan needs. Long work (start_plan, start_run, generate_calendar_entry) answers an id to ' +
  'follow with get_plan_status or get_run_status. You act with your API key\u2019s roles: viewers read, owners and ' +
  'editors write.';

/** The input schemas, built once: each tool's from its route's schemas (toolInput checks them at start-up). */
const INPUTS = new Map(MCP_TOOLS.map((tool) => [tool.name, toolInput(tool.route)]));

/**
 * A refused call as the tool's answer, in the words the REST route would use: the status it would answer and the
 * detail (each refused field as `loc → msg`). An unexpected fault is logged and told as such, never its internals.
 */
function refusal(error: unknown): CallToolResult {
  const status = httpStatus(error);
  if (status === 500) console.error('[mcp]', error);
  const detail =
    error instanceof ValidationError && error.issues
      ? error.issues.map((issue) => `${issue.loc.join('.')} → ${issue.msg}`).join('\n')
      : status === 500
        ? 'An unexpected error occurred.'
        : error instanceof Error
          ? error.message
          : String(error);
  return { isError: true, content: [{ type: 'text', text: `${status}: ${detail}` }] };
}

function register(server: McpServer, ctx: ServiceContext, tool: McpTool): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: `${tool.description} (REST: ${tool.route.method.toUpperCase()} ${tool.route.path})`,
      inputSchema: INPUTS.get(tool.name),
      annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
    },
    async (input: unknown): Promise<CallToolResult> => {
      try {
        const result = await tool.run(ctx, input ?? {});
        // Dates and other values as the REST answer writes them.
        const json = JSON.parse(JSON.stringify(result ?? null)) as unknown;
        return {
          content: [{ type: 'text', text: JSON.stringify(json, null, 2) }],
          ...(json && typeof json === 'object' && !Array.isArray(json)
            ? { structuredContent: json as Record<string, unknown> }
            : {}),
        };
      } catch (error) {
        return refusal(error);
      }
    },
  );
}

/**
 * Answers one MCP request (Streamable HTTP, stateless: a server and transport per request, JSON answers, no session),
 * every tool acting as the caller: the API key's user, under their roles in each project.
 */
export async function answerMcp(ctx: ServiceContext, request: Request, body: unknown): Promise<Response> {
  const server = new McpServer(
    { name: 'inkpilot', title: 'Inkpilot', version: '1.0.0' },
    { instructions: INSTRUCTIONS, capabilities: { tools: {} } },
  );
  for (const tool of MCP_TOOLS) register(server, ctx, tool);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    await transport.close();
    await server.close();
  }
}
