import type { ConnectionCheckResult, DestinationField } from '../../../lib/api/destinations.ts';
import { fieldClass } from '../brand/ConnectWebsiteForm.tsx';

/** Per setting, the values the remote offered at the last Test connection (Webflow collections and fields, Shopify blogs). */
export type Choices = NonNullable<ConnectionCheckResult['choices']>;
type Choice = Choices[string][number];

/**
 * A field mapping (`body_field`, `summary_field`…: which field of the collection takes a part of the post) rather than
 * the place posts go to (`collection_id`, `blog_id`). A mapping offers "guess" and "none", and belongs to the place
 * it was listed for.
 */
export const isMapping = (name: string) => name.endsWith('_field');

/** "Collection ID" → "collection": how the place to choose reads in a sentence. */
export const nounOf = (field: DestinationField) => field.title.replace(/ ID$/, '').toLowerCase();

/**
 * What the user has to choose before the connection is ready, in words ("the collection"), when Test connection
 * reached the remote and offered choices; null when the check failed for another reason (credentials, rights).
 */
export function toChoose(check: ConnectionCheckResult, fields: DestinationField[], values: Record<string, string>) {
  if (check.ok || !check.choices || check.remote_message) return null;
  const offered = fields.filter((field) => check.choices?.[field.name]);
  const places = offered.filter(
    (field) =>
      !isMapping(field.name) &&
      check.choices![field.name]!.length > 0 &&
      !check.choices![field.name]!.some((choice) => choice.value === (values[field.name] ?? '').trim()),
  );
  if (places.length) return places.map((field) => `the ${nounOf(field)}`).join(' and ');
  if (offered.some((field) => isMapping(field.name))) return 'fields of the collection that fit';
  return '';
}

/**
 * A setting as a select of what the remote offered. A mapping starts with "Guess from the field names" (empty) and
 * "None: leave it out" (`none`); a place starts with "Choose…". A saved value the remote no longer lists stays
 * selectable, marked as not found, so opening the form never changes a setting by itself.
 */
export function ChoiceSelect({
  id,
  field,
  choices,
  value,
  describedBy,
  invalid,
  onChange,
}: {
  id: string;
  field: DestinationField;
  choices: Choice[];
  value: string;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const mapping = isMapping(field.name);
  const known = value === '' || (mapping && value === 'none') || choices.some((choice) => choice.value === value);
  return (
    <select
      id={id}
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
      className={fieldClass}
    >
      {mapping ? (
        <>
          <option value="">Guess from the field names</option>
          <option value="none">None: leave it out</option>
        </>
      ) : (
        <option value="">Choose the {nounOf(field)}…</option>
      )}
      {!known && <option value={value}>{value} (not found)</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
