import type { Db } from '../../../db/sql.ts';
import { projectPlanRow, type ProjectPlanRow } from '../../usage/queries/account-plans.ts';
import { BLOG_POST_TEMPLATE_ID } from '../blog-template.ts';
import type {
  Workflow as WorkflowEntity,
  WorkflowSummary as WorkflowSummaryEntity,
} from '../../../../src/lib/workflows/schema.ts';
import type { Stored } from '../../../lib/stored.ts';
import type { GraphEdge, GraphNode } from '../graph.ts';

/** A workflow or template as the API returns it, as stored. */
export type Workflow = Stored<WorkflowEntity, 'updated_at'>;

/** A workflow of a project's list, as stored. */
export type WorkflowSummary = Stored<WorkflowSummaryEntity, 'updated_at'>;

const COLUMNS = [
  'id',
  'project_id',
  'name',
  'description',
  'nodes',
  'edges',
  'is_default',
  'is_template',
  'is_published',
  'version',
  'updated_at',
] as const;

/** One workflow or template by id. */
export async function selectWorkflow(sql: Db, id: string): Promise<Workflow | undefined> {
  const [row] = await sql<Workflow[]>`select ${sql(COLUMNS)} from workflows where id = ${id}`;
  return row;
}

/**
 * A workflow with, from the same query, its project's paying account and plan (what starting a run checks next);
 * `account` is null for a template or a project without an owner.
 */
export async function selectWorkflowForRun(
  sql: Db,
  id: string,
): Promise<(Workflow & { account: ProjectPlanRow | null }) | undefined> {
  const [row] = await sql<(Workflow & { account: ProjectPlanRow | null })[]>`
    select ${sql(COLUMNS.map((column) => `workflows.${column}`))}, to_jsonb(a) as account
    from workflows left join lateral (${projectPlanRow(sql, sql`workflows.project_id`)}) a on true
    where id = ${id}`;
  return row;
}

/** A project's workflows, the default first, then the most recently changed. */
export async function selectProjectWorkflows(sql: Db, projectId: string): Promise<WorkflowSummary[]> {
  return sql<WorkflowSummary[]>`
    select id, name, description, is_default, updated_at, jsonb_array_length(nodes)::int as node_count
    from workflows where project_id = ${projectId}
    order by is_default desc, updated_at desc, id`;
}

/** Templates: every one for admins, the published ones for everyone else. */
export async function selectTemplates(sql: Db, all: boolean): Promise<Workflow[]> {
  return sql<Workflow[]>`
    select ${sql(COLUMNS)} from workflows
    where is_template and (${all} or is_published)
    order by name, id`;
}

/** Inserts a workflow (project_id set) or a template (project_id null) and returns it. */
export async function insertWorkflow(
  sql: Db,
  row: {
    projectId: string | null;
    name: string;
    description: string;
    nodes: GraphNode[];
    edges: GraphEdge[];
    userId: string | null;
    sourceTemplateId?: string | null;
    isPublished?: boolean;
  },
): Promise<Workflow> {
  const [created] = await sql<Workflow[]>`
    insert into workflows (project_id, name, description, nodes, edges, is_template, is_published, source_template_id, created_by)
    values (${row.projectId}, ${row.name}, ${row.description}, ${sql.json(row.nodes as never)}, ${sql.json(row.edges as never)},
            ${row.projectId === null}, ${row.isPublished ?? false}, ${row.sourceTemplateId ?? null}, ${row.userId})
    returning ${sql(COLUMNS)}`;
  if (!created) throw new Error('workflow insert returned nothing');
  return created;
}

/** The project's default workflow, copied from the "Blog post" template the first time it is needed. */
export async function ensureDefaultWorkflow(
  sql: Db,
  projectId: string,
  userId: string | null,
): Promise<Workflow | undefined> {
  const [existing] = await sql<
    Workflow[]
  >`select ${sql(COLUMNS)} from workflows where project_id = ${projectId} and is_default`;
  if (existing) return existing;
  await sql`
    insert into workflows (project_id, name, description, nodes, edges, is_default, source_template_id, created_by)
    select ${projectId}, t.name, t.description, t.nodes, t.edges, true, t.id, ${userId}
    from workflows t where t.id = ${BLOG_POST_TEMPLATE_ID}
    on conflict (project_id) where is_default do nothing`;
  const [created] = await sql<
    Workflow[]
  >`select ${sql(COLUMNS)} from workflows where project_id = ${projectId} and is_default`;
  return created;
}

/** Saves a graph over the version it was read at; undefined when someone else saved meanwhile (or it is gone). */
export async function updateWorkflowGraph(
  sql: Db,
  id: string,
  version: number,
  graph: { name: string; description: string; nodes: GraphNode[]; edges: GraphEdge[] },
): Promise<Workflow | undefined> {
  const [saved]: [Workflow?] = await sql`
    update workflows
    set name = ${graph.name}, description = ${graph.description},
        nodes = ${sql.json(graph.nodes as never)}, edges = ${sql.json(graph.edges as never)},
        version = version + 1, updated_at = now()
    where id = ${id} and version = ${version}
    returning ${sql(COLUMNS)}`;
  return saved;
}

/** Deletes a project workflow (runs keep their own copy of the graph). */
export async function deleteProjectWorkflow(sql: Db, projectId: string, id: string): Promise<void> {
  await sql`delete from workflows where id = ${id} and project_id = ${projectId}`;
}

/** Publishes or unpublishes a template; undefined when no template has that id. */
export async function updateTemplatePublished(sql: Db, id: string, published: boolean): Promise<Workflow | undefined> {
  const [saved]: [Workflow?] = await sql`
    update workflows set is_published = ${published}, version = version + 1, updated_at = now()
    where id = ${id} and is_template
    returning ${sql(COLUMNS)}`;
  return saved;
}
