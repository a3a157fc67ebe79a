import type { JsonSchema } from '../../../lib/workflows/types.ts';
import { schemaFields, type SchemaField } from './graph.ts';
import { fieldClass } from './styles.ts';

interface Props {
  nodeId: string;
  schema: JsonSchema | undefined;
  config: Record<string, unknown>;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (config: Record<string, unknown>) => void;
}

function listText(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : '';
}

function jsonText(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** A node's settings, one control per property of its block's config schema (generated, never per block). */
export function SettingsForm({ nodeId, schema, config, errors, readOnly, onChange }: Props) {
  const fields = schemaFields(schema);
  if (!fields.length) return <p className="text-sm text-slate-600 dark:text-slate-400">This block has no settings.</p>;

  const set = (key: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-3">
      {fields.map((field) => (
        <Field
          key={field.key}
          id={`setting-${nodeId}-${field.key}`}
          field={field}
          value={config[field.key]}
          error={errors[field.key]}
          readOnly={readOnly}
          onChange={(value) => set(field.key, value)}
        />
      ))}
    </div>
  );
}

function Field({
  id,
  field,
  value,
  error,
  readOnly,
  onChange,
}: {
  id: string;
  field: SchemaField;
  value: unknown;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}) {
  const describedBy =
    [field.description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    disabled: readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: field.required,
  };
  const label = `${field.label}${field.required ? ' (required)' : ''}`;

  let control;
  if (field.kind === 'boolean') {
    return (
      <div>
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            {...common}
            required={false}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
        <Hint id={id} field={field} error={error} />
      </div>
    );
  }
  if (field.kind === 'select') {
    control = (
      <select
        {...common}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={fieldClass}
      >
        <option value="">Choose...</option>
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'number') {
    control = (
      <input
        type="number"
        {...common}
        min={field.schema.minimum}
        max={field.schema.maximum}
        step={field.schema.type === 'integer' ? 1 : 'any'}
        value={typeof value === 'number' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        className={fieldClass}
      />
    );
  } else if (field.kind === 'list') {
    control = (
      <input
        {...common}
        value={listText(value)}
        placeholder="Comma-separated"
        onChange={(event) =>
          onChange(
            event.target.value
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean),
          )
        }
        className={fieldClass}
      />
    );
  } else if (field.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={4}
        maxLength={field.schema.maxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      />
    );
  } else if (field.kind === 'json') {
    control = <JsonField common={common} value={value} onChange={onChange} />;
  } else {
    control = (
      <input
        {...common}
        maxLength={field.schema.maxLength}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        className={fieldClass}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control}
      <Hint id={id} field={field} error={error} />
    </div>
  );
}

function JsonField({
  common,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  return (
    <textarea
      {...common}
      rows={3}
      defaultValue={jsonText(value)}
      onBlur={(event) => {
        try {
          onChange(event.target.value.trim() ? JSON.parse(event.target.value) : undefined);
        } catch {
          // Left as typed; the save answers which field is wrong.
        }
      }}
      className={`${fieldClass} font-mono`}
    />
  );
}

function Hint({ id, field, error }: { id: string; field: SchemaField; error?: string }) {
  return (
    <>
      {field.description && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {field.description}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}
