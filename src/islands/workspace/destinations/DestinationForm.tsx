import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldIssues } from '../../../lib/api/client.ts';
import {
  createDestination,
  testDestination,
  updateDestination,
  type ConnectionCheckResult,
  type Destination,
  type DestinationKindInfo,
  type SavedDestination,
} from '../../../lib/api/destinations.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { ConnectionResult } from './ConnectionResult.tsx';
import { ChoiceSelect, type Choices, isMapping, nounOf, toChoose } from './SettingChoices.tsx';

/**
 * Adds a destination or changes one (owners and editors): the kind's own fields (from the server's description of
 * it), a name, where posts are canonical, Test connection with what is typed (before saving; a saved secret left
 * empty is used as saved), Save and Cancel. Secrets are never shown: a saved one reads "Saved — leave empty to keep".
 * What Test connection offers (Webflow's collections, then the chosen collection's fields per part; Shopify's blogs)
 * turns those fields into selects until the kind changes.
 */
export function DestinationForm({
  projectId,
  kinds,
  editing,
  onDone,
  onCancel,
}: {
  projectId: string;
  kinds: DestinationKindInfo[];
  editing?: Destination;
  onDone: (saved: SavedDestination | Destination) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState(editing?.kind ?? kinds[0]?.kind ?? 'wordpress');
  const info = kinds.find((one) => one.kind === kind);
  const [name, setName] = useState(editing?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(editing?.settings ?? {}).map(([key, value]) => [key, String(value ?? '')])),
  );
  const [canonical, setCanonical] = useState<'blog' | 'destination'>(editing?.canonical ?? 'blog');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [check, setCheck] = useState<ConnectionCheckResult | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  /** The place (collection, blog) last tested, per setting: a different one chosen since asks for a new test. */
  const [tested, setTested] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const first = useRef<HTMLSelectElement & HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []); // the keyboard starts in the form that just opened
  const fields = (info?.fields ?? []).filter((field) => !field.generated);
  const id = (part: string) => `destination-${editing?.id ?? 'new'}-${part}`;
  const typed = () => Object.fromEntries(fields.map((field) => [field.name, (values[field.name] ?? '').trim()]));

  /**
   * A choice made in a select. Choosing another place (collection, blog) makes the last result stale, and its field
   * mappings belonged to the collection before: they go back to "guess" until Test connection lists the new one's.
   */
  function choose(name: string, chosen: string) {
    if (isMapping(name)) {
      setValues({ ...values, [name]: chosen });
      return;
    }
    const mappings = Object.keys(choices).filter(isMapping);
    setValues({ ...values, ...Object.fromEntries(mappings.map((mapping) => [mapping, ''])), [name]: chosen });
    setChoices(Object.fromEntries(Object.entries(choices).filter(([other]) => !isMapping(other))));
    setCheck(null);
  }

  /** Fields the form can tell are missing before asking the server. */
  function missing(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Give the destination a name.';
    for (const field of fields) {
      const kept = field.secret && editing?.secrets_set.includes(field.name);
      if (field.required && !kept && !(values[field.name] ?? '').trim())
        found[field.name] = `${field.title} is required.`;
    }
    return found;
  }

  async function test() {
    setBusy('test');
    setCheck(null);
    try {
      const sent = typed();
      const found = await testDestination(projectId, kind, sent, editing?.id);
      setCheck(found);
      // Choices of the places tested stay; mappings are those of the collection tested now (none when not chosen).
      if (found.choices) {
        const kept = Object.fromEntries(Object.entries(choices).filter(([name]) => !isMapping(name)));
        setChoices({ ...kept, ...found.choices });
        setTested(sent);
      }
      setErrors({});
    } catch (failure) {
      const issues = settingIssues(failure);
      if (Object.keys(issues).length) setErrors(issues);
      else setCheck({ ok: false, message: errorMessage(failure, 'The connection could not be tested.') });
    } finally {
      setBusy(null);
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = missing();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy('save');
    try {
      const input = { name: name.trim(), settings: typed(), canonical };
      onDone(
        editing
          ? await updateDestination(projectId, editing.id, input)
          : await createDestination(projectId, kind, input),
      );
    } catch (failure) {
      const issues = settingIssues(failure);
      if (Object.keys(issues).length) setErrors(issues);
      else setErrors({ form: errorMessage(failure, 'The destination could not be saved.') });
    } finally {
      setBusy(null);
    }
  }

  const described = (field: string, help: string | undefined) =>
    [errors[field] ? id(`${field}-error`) : '', help ? id(`${field}-help`) : ''].join(' ').trim() || undefined;
  const problem = (field: string) =>
    errors[field] && (
      <p id={id(`${field}-error`)} className="mt-1 text-sm text-red-700 dark:text-red-300">
        {errors[field]}
      </p>
    );

  return (
    <form
      noValidate
      onSubmit={save}
      aria-labelledby={id('title')}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id={id('title')} className="font-semibold">
        {editing ? `Change ${editing.name}` : 'Add a destination'}
      </h3>
      {!editing && (
        <div>
          <label htmlFor={id('kind')} className="text-sm font-medium">
            Kind
          </label>
          <select
            ref={first}
            id={id('kind')}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as typeof kind);
              setCheck(null);
              setChoices({});
              setErrors({});
            }}
            className={fieldClass}
          >
            {kinds.map((one) => (
              <option key={one.kind} value={one.kind}>
                {one.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={id('name')} className="text-sm font-medium">
          Name
        </label>
        <input
          ref={editing ? first : undefined}
          id={id('name')}
          value={name}
          maxLength={100}
          placeholder={info ? `Our ${info.label}` : ''}
          aria-invalid={Boolean(errors.name) || undefined}
          aria-describedby={described('name', undefined)}
          onChange={(event) => setName(event.target.value)}
          className={fieldClass}
        />
        {problem('name')}
      </div>
      {fields.map((field) => {
        const kept = field.secret && editing?.secrets_set.includes(field.name);
        const offered = choices[field.name];
        const value = values[field.name] ?? '';
        const retest =
          offered && !isMapping(field.name) && value && value !== (tested[field.name] ?? '')
            ? `Press Test connection to check this ${nounOf(field)}${fields.some((one) => isMapping(one.name)) ? ' and map its fields' : ''}.`
            : '';
        const help = [kept ? `Saved. Leave empty to keep it. ${field.description}` : field.description, retest]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={`${kind}-${field.name}`}>
            <label htmlFor={id(field.name)} className="text-sm font-medium">
              {field.title}
              {!field.required && <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>}
            </label>
            {offered ? (
              <ChoiceSelect
                id={id(field.name)}
                field={field}
                choices={offered}
                value={value}
                describedBy={described(field.name, help)}
                invalid={Boolean(errors[field.name])}
                onChange={(chosen) => choose(field.name, chosen)}
              />
            ) : (
              <input
                id={id(field.name)}
                type={field.type === 'password' ? 'password' : field.type === 'url' ? 'url' : 'text'}
                autoComplete={field.secret ? 'new-password' : 'off'}
                spellCheck={false}
                value={values[field.name] ?? ''}
                placeholder={kept ? '••••••••' : field.type === 'url' ? 'https://' : ''}
                aria-invalid={Boolean(errors[field.name]) || undefined}
                aria-describedby={described(field.name, help)}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
                className={fieldClass}
              />
            )}
            {help && (
              <p id={id(`${field.name}-help`)} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {help}
              </p>
            )}
            {problem(field.name)}
          </div>
        );
      })}
      {info?.fields.some((field) => field.generated) && !editing && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Inkpilot makes the signing secret when you save and shows it once.
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-medium">Canonical page of posts published here</legend>
        <div className="mt-1 flex flex-col gap-1 text-sm">
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={id('canonical')}
              checked={canonical === 'blog'}
              onChange={() => setCanonical('blog')}
              className="mt-1"
            />
            <span>The hosted blog: this site is told the blog's page is the original (recommended).</span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name={id('canonical')}
              checked={canonical === 'destination'}
              onChange={() => setCanonical('destination')}
              className="mt-1"
            />
            <span>This destination: the hosted blog's pages point search engines here.</span>
          </label>
        </div>
      </fieldset>
      {check && <ConnectionResult check={check} label={info?.label ?? kind} choose={toChoose(check, fields, values)} />}
      {errors.form && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
        <button type="button" onClick={test} disabled={busy !== null} className={secondaryButton}>
          {busy === 'test' ? 'Testing...' : 'Test connection'}
        </button>
        <button type="submit" disabled={busy !== null} className={primaryButton}>
          {busy === 'save' ? 'Saving...' : editing ? 'Save changes' : 'Save destination'}
        </button>
      </div>
    </form>
  );
}

/** A 422's messages by field: `settings.url` → `url`, `name` → `name`. */
function settingIssues(failure: unknown): Record<string, string> {
  const issues = fieldIssues(failure);
  const detail = (failure as { data?: { detail?: unknown } })?.data?.detail;
  if (Array.isArray(detail))
    for (const item of detail as { loc?: unknown[]; msg?: string }[])
      if (item.loc?.[1] === 'settings' && typeof item.loc[2] === 'string' && item.msg) issues[item.loc[2]] ??= item.msg;
  delete issues.settings;
  return issues;
}
