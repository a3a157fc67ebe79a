import { randomUUID } from 'node:crypto';
import type {
  ConnectionCheckResult,
  Destination,
  DestinationKindInfo,
  SavedDestination,
} from '../../../src/lib/destinations/schema.ts';
import { adapterOf } from '../../destinations/index.ts';
import type { DestinationAdapter } from '../../destinations/types.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { creditedUserId } from '../actor.ts';
import { authorize } from '../authorize.ts';
import { secretBox } from '../secret-box.ts';
import { destinationIo } from './io.ts';
import {
  canonicalDestinationName,
  deleteDestinationRow,
  type DestinationRow,
  insertDestination,
  selectDestination,
  selectDestinations,
  updateDestinationRow,
} from './queries.ts';
import { destinationKinds, openSecrets, parseSettings, presentDestination, sealSettings } from './settings.ts';

const NOT_FOUND = 'Destination not found.';

/** The adapter of a kind the caller asked for, or a 422 naming the field. */
function adapterFor(kind: string): DestinationAdapter {
  const adapter = adapterOf(kind);
  if (!adapter)
    throw new ValidationError([
      { loc: ['body', 'kind'], msg: `Publishing to ${kind} is not available on this server.`, type: 'value_error' },
    ]);
  return adapter;
}

async function loadDestination(ctx: ServiceContext, projectId: string, id: string): Promise<DestinationRow> {
  const row = await selectDestination(ctx.sql, projectId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/** Why a second canonical destination is refused: the project's pages can name only one original. */
async function canonicalTaken(ctx: ServiceContext, projectId: string, exceptId: string | null): Promise<never> {
  const holder = await canonicalDestinationName(ctx.sql, projectId, exceptId);
  throw new ConflictError(
    `Only one destination can be where posts are canonical, and ${holder ?? 'another destination'} already is. Set it back to the hosted blog first.`,
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The kinds of destination this server publishes to, each with its form's fields (any signed-in user). */
export function listDestinationKinds(): DestinationKindInfo[] {
  return destinationKinds();
}

/** A project's destinations, secrets left out (any member; viewers see the list read-only). */
export async function listDestinations({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<Destination[]> {
  const project = await authorize(ctx, input.projectId, 'read');
  const rows = await selectDestinations(ctx.sql, project.id);
  return rows.map((row) => presentDestination(row, adapterOf(row.kind)));
}

export interface DestinationInput {
  name?: string | undefined;
  settings?: Record<string, unknown> | undefined;
  canonical?: 'blog' | 'destination' | undefined;
  enabled?: boolean | undefined;
}

/**
 * Adds a destination (owners and editors). Its secrets are sealed at once; those the server makes (a webhook's
 * signing secret) are in this answer and never again.
 */
export async function createDestination({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: DestinationInput & { projectId: string; kind: string; name: string };
}): Promise<SavedDestination> {
  const project = await authorize(ctx, input.projectId, 'write');
  const adapter = adapterFor(input.kind);
  const revealed: Record<string, string> = {};
  for (const [name, make] of Object.entries(adapter.generated ?? {})) if (make) revealed[name] = make();
  const settings = parseSettings(adapter, { ...(input.settings ?? {}), ...revealed });
  const id = randomUUID();
  const box = await secretBox(ctx);
  const sealed = sealSettings(box, adapter, id, settings);
  let row: DestinationRow;
  try {
    row = await insertDestination(ctx.sql, {
      id,
      project_id: project.id,
      kind: adapter.kind,
      name: input.name.trim(),
      ...sealed,
      canonical: input.canonical ?? 'blog',
      enabled: input.enabled ?? true,
      created_by: creditedUserId(ctx),
    });
  } catch (error) {
    if (isUniqueViolation(error)) return canonicalTaken(ctx, project.id, null);
    throw error;
  }
  return { ...presentDestination(row, adapter), revealed_secrets: revealed };
}

/**
 * Changes a destination (owners and editors): a setting left out stays, a secret left empty keeps its stored value,
 * the kind never changes.
 */
export async function updateDestination({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: DestinationInput & { projectId: string; id: string };
}): Promise<Destination> {
  const project = await authorize(ctx, input.projectId, 'write');
  const row = await loadDestination(ctx, project.id, input.id);
  const adapter = adapterFor(row.kind);
  const box = await secretBox(ctx);
  const stored = { ...row.settings, ...openSecrets(box, row) };
  const settings = input.settings ? parseSettings(adapter, input.settings, stored) : stored;
  const sealed = input.settings ? sealSettings(box, adapter, row.id, settings) : row;
  // A secret not typed again keeps its stored seal, so an edit of the other fields leaves it untouched.
  for (const [name, value] of Object.entries(row.secrets))
    if (!input.settings?.[name] && name in sealed.secrets) sealed.secrets[name] = value;
  let saved: DestinationRow | undefined;
  try {
    saved = await updateDestinationRow(ctx.sql, project.id, row.id, {
      name: input.name?.trim() ?? row.name,
      settings: sealed.settings,
      secrets: sealed.secrets,
      canonical: input.canonical ?? row.canonical,
      enabled: input.enabled ?? row.enabled,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return canonicalTaken(ctx, project.id, row.id);
    throw error;
  }
  if (!saved) throw new NotFoundError(NOT_FOUND);
  if (saved.canonical !== row.canonical || saved.enabled !== row.enabled) ctx.caches.blogPages.dropProject(project.id);
  return presentDestination(saved, adapter);
}

/** Removes a destination (owners and editors); posts already published there stay as they are on that site. */
export async function deleteDestination({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; id: string };
}): Promise<{ message: string }> {
  const project = await authorize(ctx, input.projectId, 'write');
  const row = await loadDestination(ctx, project.id, input.id);
  if (!(await deleteDestinationRow(ctx.sql, project.id, row.id))) throw new NotFoundError(NOT_FOUND);
  if (row.canonical === 'destination') ctx.caches.blogPages.dropProject(project.id);
  return { message: `${row.name} removed. Posts already published there stay on that site.` };
}

/**
 * "Test connection" (owners and editors): checks the credentials and permissions of settings not saved yet (or of a
 * saved destination, whose stored secrets fill what was left empty) against the remote, and answers in its words.
 */
export async function testDestination({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; kind: string; settings: Record<string, unknown>; destinationId?: string | undefined };
}): Promise<ConnectionCheckResult> {
  const project = await authorize(ctx, input.projectId, 'write');
  const adapter = adapterFor(input.kind);
  let stored: Record<string, unknown> = {};
  if (input.destinationId) {
    const row = await loadDestination(ctx, project.id, input.destinationId);
    if (row.kind !== adapter.kind)
      throw new ValidationError([
        { loc: ['body', 'kind'], msg: `This destination is ${row.kind}.`, type: 'value_error' },
      ]);
    stored = { ...row.settings, ...openSecrets(await secretBox(ctx), row) };
  }
  // A secret the server makes that is not saved yet: the test signs with a one-off one.
  for (const [name, make] of Object.entries(adapter.generated ?? {})) if (make && !stored[name]) stored[name] = make();
  const settings = parseSettings(adapter, input.settings, stored);
  try {
    return await adapter.test({ settings, io: destinationIo(ctx.config) });
  } catch (error) {
    const remote = (error as { remoteMessage?: string }).remoteMessage;
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      ...(remote ? { remote_message: remote } : {}),
    };
  }
}
