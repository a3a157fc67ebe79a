import type { PostSource } from '../../../lib/posts/types.ts';
import { fieldClass, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

/** The sources a post cites: a title and a web address per row; add and remove rows. */
export function SourcesInput({ value, onChange }: { value: PostSource[]; onChange: (sources: PostSource[]) => void }) {
  const update = (index: number, change: Partial<PostSource>) =>
    onChange(value.map((source, at) => (at === index ? { ...source, ...change } : source)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Sources</legend>
      {value.length === 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">No sources yet. Add the pages this post cites.</p>
      )}
      {value.map((source, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1">
            <label htmlFor={`source-title-${index}`} className="text-xs">
              Source {index + 1} title
            </label>
            <input
              id={`source-title-${index}`}
              value={source.title}
              onChange={(event) => update(index, { title: event.target.value })}
              className={fieldClass}
            />
          </div>
          <div className="min-w-56 flex-[2]">
            <label htmlFor={`source-url-${index}`} className="text-xs">
              Source {index + 1} URL
            </label>
            <input
              id={`source-url-${index}`}
              type="url"
              value={source.url}
              placeholder="https://"
              onChange={(event) => update(index, { url: event.target.value })}
              className={fieldClass}
            />
          </div>
          <button
            type="button"
            onClick={() => onChange(value.filter((_, at) => at !== index))}
            className={secondaryButton}
            aria-label={`Remove source ${index + 1}`}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" onClick={() => onChange([...value, { title: '', url: '' }])} className={secondaryButton}>
          Add source
        </button>
      </div>
    </fieldset>
  );
}
