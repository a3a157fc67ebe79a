import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Project } from '../../../lib/api/projects.ts';
import { $brandTask, runBrandTask } from '../../../lib/stores/brandTask.ts';
import { checkExampleFields } from '../../../lib/voice/example-urls.ts';
import { primaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { ExampleArticlesFields, exampleFieldValues } from '../brand/ExampleArticlesFields.tsx';

/**
 * The project's example articles on the Prompts page (issue 24): add or replace up to 3 and analyse again, which
 * writes a new brand guide from the homepage and these articles and makes it the default (older guides stay).
 */
export function ExampleArticlesPanel({ project, onGuide }: { project: Project; onGuide: (id: string) => void }) {
  const task = useStore($brandTask);
  const stored = project.brand_example_urls.join('\n');
  const [values, setValues] = useState(() => exampleFieldValues(project.brand_example_urls));
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const running = task.projectId === project.id && task.phase === 'running';
  const failed = task.projectId === project.id && task.phase === 'error';

  // A guide written elsewhere (the Connect Website modal) may have changed the stored articles.
  useEffect(() => {
    setValues(exampleFieldValues(stored ? stored.split('\n') : []));
    setErrors([]);
  }, [stored]);

  async function analyse(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkExampleFields(values);
    setErrors(checked.errors);
    if (!checked.valid || !project.brand_url) return;
    const prompt = await runBrandTask(project.id, project.brand_url, checked.urls);
    if (prompt) onGuide(prompt.id);
  }

  return (
    <section
      aria-labelledby="example-articles-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="example-articles-heading" className="font-medium">
        Example articles
      </h2>
      {project.brand_url ? (
        <form noValidate onSubmit={analyse} className="flex flex-col gap-3">
          <ExampleArticlesFields
            idPrefix="prompts-example-article"
            values={values}
            errors={errors}
            disabled={running}
            onChange={(next) => {
              setValues(next);
              setErrors([]);
            }}
          />
          {failed && (
            <div role="alert" className="text-sm whitespace-pre-line text-red-700 dark:text-red-300">
              <p className={task.reason ? 'font-semibold' : undefined}>{task.message}</p>
              {task.reason && <p className="mt-1">{task.reason}</p>}
            </div>
          )}
          <div>
            <button type="submit" disabled={running} className={primaryButton}>
              {running ? 'Analysing...' : 'Analyse again'}
            </button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Analyse again reads {project.brand_url} and these articles and writes a new default style guide; your other
            guides stay in the list.
          </p>
        </form>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Connect your website first (Connect Website above): its form also takes up to 3 example articles.
        </p>
      )}
    </section>
  );
}
