// A destination's settings between the form, the adapter and the database: the form's fields come from the adapter's
// zod schema, secrets are sealed per destination and field, and nothing secret is ever presented.
import { z } from 'zod';
import type { Destination, DestinationField, DestinationKindInfo } from '../../../src/lib/destinations/schema.ts';
import type { DestinationAdapter } from '../../destinations/types.ts';
import { DESTINATION_ADAPTERS } from '../../destinations/index.ts';
import { type FieldIssue, ValidationError } from '../../lib/errors.ts';
import type { SecretBox } from '../secret-box.ts';
import type { DestinationRow } from './queries.ts';

type JsonField = { title?: string; description?: string; format?: string };

/** The form of a kind: one field per setting, from the adapter's schema (title and description in its meta). */
export function fieldsOf(adapter: DestinationAdapter): DestinationField[] {
  const schema = z.toJSONSchema(adapter.settings, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonField>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const secret = (adapter.secrets as readonly string[]).includes(name);
    return {
      name,
      title: field.title ?? name,
      description: field.description ?? '',
      type: secret ? 'password' : field.format === 'uri' ? 'url' : 'text',
      required: (schema.required ?? []).includes(name),
      secret,
      generated: Boolean(adapter.generated && name in adapter.generated),
    };
  });
}

/** Every kind this server can publish to, with its form. */
export function destinationKinds(): DestinationKindInfo[] {
  return Object.values(DESTINATION_ADAPTERS).map((adapter) => ({
    kind: adapter.kind,
    label: adapter.label,
    fields: fieldsOf(adapter),
  }));
}

const isSecret = (adapter: DestinationAdapter, name: string) => (adapter.secrets as readonly string[]).includes(name);

/** The purpose a secret is sealed for: it opens only in its own destination and field. */
const purposeOf = (destinationId: string, name: string) => `destination:${destinationId}:${name}`;

/** The stored secrets opened (a value that no longer opens, after a key change, is left out: it must be entered again). */
export function openSecrets(box: SecretBox, row: Pick<DestinationRow, 'id' | 'secrets'>): Record<string, string> {
  const opened: Record<string, string> = {};
  for (const [name, sealed] of Object.entries(row.secrets)) {
    try {
      opened[name] = box.open(sealed, purposeOf(row.id, name));
    } catch {
      // SECRETS_ENCRYPTION_KEY changed: the value is unreadable, as if never set.
    }
  }
  return opened;
}

/**
 * The settings an adapter gets: what was typed over what is stored (a secret left empty or out keeps its stored
 * value), checked by the adapter's schema; refused fields answer 422 under ['body', 'settings', field].
 */
export function parseSettings(
  adapter: DestinationAdapter,
  typed: Record<string, unknown>,
  stored: Record<string, unknown> = {},
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [name, value] of Object.entries(typed)) {
    if (isSecret(adapter, name) && (value === '' || value === undefined || value === null)) continue;
    merged[name] = typeof value === 'string' && !isSecret(adapter, name) && value.trim() === '' ? undefined : value;
  }
  const parsed = adapter.settings.safeParse(merged);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
    loc: ['body', 'settings', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    msg:
      issue.code === 'invalid_type' && issue.input === undefined
        ? `${titleOf(adapter, issue.path[0])} is required.`
        : issue.message,
    type: issue.code,
  }));
  throw new ValidationError(issues);
}

function titleOf(adapter: DestinationAdapter, name: PropertyKey | undefined): string {
  const field = fieldsOf(adapter).find((one) => one.name === name);
  return field?.title ?? String(name);
}

/** Splits parsed settings into what is stored in clear and the secrets, sealed for this destination. */
export function sealSettings(
  box: SecretBox,
  adapter: DestinationAdapter,
  destinationId: string,
  settings: Record<string, unknown>,
): { settings: Record<string, unknown>; secrets: Record<string, string> } {
  const clear: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    if (isSecret(adapter, name)) secrets[name] = box.seal(String(value), purposeOf(destinationId, name));
    else clear[name] = value;
  }
  return { settings: clear, secrets };
}

/** A destination as the API shows it: no secret, only which are set. */
export function presentDestination(row: DestinationRow, adapter: DestinationAdapter | undefined): Destination {
  return {
    id: row.id,
    project_id: row.project_id,
    kind: row.kind,
    kind_label: adapter?.label ?? row.kind,
    name: row.name,
    settings: Object.fromEntries(Object.entries(row.settings).filter(([name]) => !adapter || !isSecret(adapter, name))),
    secrets_set: Object.keys(row.secrets).sort(),
    canonical: row.canonical,
    enabled: row.enabled,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
