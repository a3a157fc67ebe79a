import { useState, type FormEvent } from 'react';
import { fieldClass, primaryButton } from './styles.ts';

/** The topic a run starts from, and its start button. */
export function RunForm({
  label,
  disabled,
  note,
  onRun,
}: {
  label: string;
  disabled?: boolean;
  note?: string;
  onRun: (topic: string) => Promise<unknown>;
}) {
  const [topic, setTopic] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!topic.trim()) {
      setError('Please enter a topic.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onRun(topic.trim());
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor="run-topic" className="block text-sm font-medium">
          Topic
        </label>
        <input
          id="run-topic"
          value={topic}
          maxLength={300}
          onChange={(event) => setTopic(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'run-topic-error' : undefined}
          placeholder="What should the post be about?"
          className={fieldClass}
        />
        {error && (
          <p id="run-topic-error" role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy || disabled} className={primaryButton}>
        {busy ? 'Starting...' : label}
      </button>
      {note && <p className="w-full text-xs text-slate-600 dark:text-slate-400">{note}</p>}
    </form>
  );
}
