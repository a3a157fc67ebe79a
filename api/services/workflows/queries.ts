import type { Db } from '../../db/sql.ts';
import { projectPlanRow, type ProjectPlanRow } from '../usage/account-plan.ts';
import { BLOG_POST_TEMPLATE_ID } from './blog-template.ts';
import type {
  Workflow as WorkflowEntity,
  WorkflowSummary as WorkflowSummaryEntity,
} from '../../../src/lib/workflows/schema.ts';
import type { Stored } from '../../lib/stored.ts';
import type { GraphEdge, GraphNode } from './graph.ts';

/** A workflow or template as the API returns it, as stored. */
export type Workflow = Stored<WorkflowEntity, 'updated_at'>;

/** A workflow of a project's list, as stored. */
export type WorkflowSummary = Stored<WorkflowSummaryEntity, 'updated_at'>;

const COLUMNS =
  'id, project_id, name, description, nodes, edges, is_default, is_template, is_published, version, updated_at';

/** One workflow or template by id. */
export async function selectWorkflow(sql: Db, id: string): Promise<Workflow | undefined> {
  const [row] = await sql<Workflow[]>`select ${sql.unsafe(COLUMNS)} from workflows where id = ${id}`;
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
    select ${sql.unsafe(COLUMNS)}, to_jsonb(a) as account
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
    select ${sql.unsafe(COLUMNS)} from workflows
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
    returning ${sql.unsafe(COLUMNS)}`;
  return created!;
}

/** The project's default workflow, copied from the "Blog post" template the first time it is needed. */
export async function ensureDefaultWorkflow(
  sql: Db,
  projectId: string,
  userId: string | null,
): Promise<Workflow | undefined> {
  const [existing] = await sql<
    Workflow[]
  >`select ${sql.unsafe(COLUMNS)} from workflows where project_id = ${projectId} and is_default`;
  if (existing) return existing;
  await sql`
    insert into workflows (project_id, name, description, nodes, edges, is_default, source_template_id, created_by)
    select ${projectId}, t.name, t.description, t.nodes, t.edges, true, t.id, ${userId}
    from workflows t where t.id = ${BLOG_POST_TEMPLATE_ID}
    on conflict (project_id) where is_default do nothing`;
  const [created] = await sql<
    Workflow[]
  >`select ${sql.unsafe(COLUMNS)} from workflows where project_id = ${projectId} and is_default`;
  return created;
}
