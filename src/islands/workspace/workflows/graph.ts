// Pure helpers of the workflow builder (no React, no DOM), so unit tests cover them.
import type { GraphNode, JsonSchema } from '../../../lib/workflows/types.ts';

/** A node id unique within the graph, readable in error messages (post_writer_2). */
export function newNodeId(type: string, nodes: GraphNode[]): string {
  const taken = new Set(nodes.map((node) => node.id));
  for (let n = 1; ; n += 1) {
    const id = `${type}_${n}`;
    if (!taken.has(id)) return id;
  }
}

/** The field kinds the generated settings form knows how to edit. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'boolean' | 'select' | 'list' | 'json';

export interface SchemaField {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  options?: string[];
  schema: JsonSchema;
}

/** The schema without its "or null" branch, so an optional string still edits as a string. */
function unwrap(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const real = branches.filter((branch) => branch.type !== 'null');
    if (real.length === 1 && real[0])
      return {
        ...real[0],
        description: schema.description ?? real[0].description,
        default: schema.default ?? real[0].default,
      };
  }
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((type) => type !== 'null') };
  return schema;
}

/** "target_keyword" → "Target keyword". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(schema: JsonSchema): FieldKind {
  if (schema.enum) return 'select';
  if (schema.type === 'boolean') return 'boolean';
  if (schema.type === 'number' || schema.type === 'integer') return 'number';
  if (schema.type === 'array' && unwrap(schema.items ?? {}).type === 'string') return 'list';
  if (schema.type === 'string') return (schema.maxLength ?? 0) > 200 ? 'textarea' : 'text';
  return 'json';
}

/** The fields of a settings form, generated from a block's config JSON Schema (DESIGN: never hand-written per block). */
export function schemaFields(schema: JsonSchema | undefined): SchemaField[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([key, raw]) => {
    const field = unwrap(raw);
    return {
      key,
      label: field.title ?? humanize(key),
      kind: kindOf(field),
      required: required.has(key),
      description: field.description,
      options: field.enum?.map(String),
      schema: field,
    };
  });
}

/** A new node's config: each field's schema default, nothing else. */
export function defaultConfig(schema: JsonSchema | undefined): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(schema?.properties ?? {})) {
    const field = unwrap(raw);
    if (field.default !== undefined) config[key] = field.default;
  }
  return config;
}

/** An edge id that names its ends, unique in the graph. */
export function edgeId(source: string, sourceHandle: string, target: string, targetHandle: string): string {
  return `${source}.${sourceHandle}->${target}.${targetHandle}`;
}

/** A 422's detail sorted by where it points: node fields, edges, or the whole workflow. */
export interface GraphErrors {
  nodes: Record<string, { field: string | null; msg: string }[]>;
  edges: Record<string, string>;
  general: string[];
}

/** Places each 422 item (loc ['body','nodes',nodeId,field] / ['body','edges',edgeId]) next to what it names. */
export function graphErrors(detail: unknown): GraphErrors {
  const errors: GraphErrors = { nodes: {}, edges: {}, general: [] };
  if (typeof detail === 'string') {
    errors.general.push(detail);
    return errors;
  }
  if (!Array.isArray(detail)) return errors;
  for (const item of detail as { loc?: unknown[]; msg?: string }[]) {
    const loc = (item.loc ?? []).map(String);
    const msg = item.msg ?? 'Invalid value';
    if (loc[0] === 'body' && loc[1] === 'nodes' && loc[2])
      (errors.nodes[loc[2]] ??= []).push({ field: loc[3] ?? null, msg });
    else if (loc[0] === 'body' && loc[1] === 'edges' && loc[2]) errors.edges[loc[2]] = msg;
    else errors.general.push(loc.length ? `${loc.join('.')} -> ${msg}` : msg);
  }
  return errors;
}

// The graph rules themselves (cycles, wires, validation) live in the one graph module the server uses too.
export { fieldsCompatible } from '../../../lib/workflows/compatible.ts';
export { canConnect, connectionProblem, wouldCycle } from '../../../lib/workflows/graph.ts';
