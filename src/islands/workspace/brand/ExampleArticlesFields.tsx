import { MAX_EXAMPLE_ARTICLES } from '../../../lib/voice/example-urls.ts';
import { fieldClass } from './ConnectWebsiteForm.tsx';

/** Three field values, whatever the list held. */
export function exampleFieldValues(urls: string[] | undefined): string[] {
  return Array.from({ length: MAX_EXAMPLE_ARTICLES }, (_, index) => urls?.[index] ?? '');
}

/**
 * "Example articles (up to 3)": optional addresses of articles in the voice to write in, one field each, with what is
 * wrong with a field under it. Used by the Connect Website form (modal and onboarding) and the Prompts page.
 */
export function ExampleArticlesFields({
  idPrefix,
  values,
  errors,
  disabled = false,
  onChange,
}: {
  idPrefix: string;
  values: string[];
  errors: (string | null)[];
  disabled?: boolean;
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${idPrefix}-help`}>
      <legend className="text-sm font-medium">Example articles (up to {MAX_EXAMPLE_ARTICLES})</legend>
      <p id={`${idPrefix}-help`} className="text-xs text-slate-600 dark:text-slate-400">
        Optional. Articles written in the voice you want: we measure their voice and quote them in your style guide.
      </p>
      {values.map((value, index) => {
        const id = `${idPrefix}-${index + 1}`;
        const error = errors[index];
        return (
          <div key={id}>
            <label htmlFor={id} className="sr-only">
              Example article {index + 1}
            </label>
            <input
              id={id}
              name="example_urls"
              type="url"
              inputMode="url"
              placeholder={`https://example.com/blog/article-${index + 1}`}
              value={value}
              disabled={disabled}
              onChange={(event) => onChange(values.map((old, at) => (at === index ? event.target.value : old)))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={fieldClass}
            />
            {error && (
              <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
