import { textLength } from '../../../lib/seo/limits.ts';
import { fieldClass } from '../brand/ConnectWebsiteForm.tsx';

interface Props {
  id: string;
  label: string;
  value: string;
  max: number;
  multiline?: boolean;
  hint: string;
  onChange: (value: string) => void;
  /** The language of the text and its direction (a post's fields follow its language). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

/** A text field with its character count against a search-snippet limit; over the limit it says so and why. */
export function CountedField({ id, label, value, max, multiline, hint, onChange, lang, dir }: Props) {
  const count = textLength(value);
  const over = count > max;
  const describedBy = `${id}-count${over ? ` ${id}-over` : ''}`;
  const common = {
    id,
    value,
    lang,
    dir,
    'aria-invalid': over || undefined,
    'aria-describedby': describedBy,
    className: `${fieldClass} ${over ? 'border-red-600 dark:border-red-400' : ''}`,
  };
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span
          id={`${id}-count`}
          className={`text-xs tabular-nums ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {count}/{max} characters
        </span>
      </div>
      {multiline ? (
        <textarea rows={3} {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      {over ? (
        <p id={`${id}-over`} className="mt-1 text-xs text-red-700 dark:text-red-300">
          {label} must be at most {max} characters: search results cut off the rest.
        </p>
      ) : (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p>
      )}
    </div>
  );
}
