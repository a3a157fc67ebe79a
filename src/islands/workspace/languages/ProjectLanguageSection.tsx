import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldIssues } from '../../../lib/api/client.ts';
import type { Project } from '../../../lib/api/projects.ts';
import { languageLabel } from '../../../lib/languages/index.ts';
import { $selectedProject, renameProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { primaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { canWrite } from '../roles.ts';
import { LanguagePicker, uiLocale } from './LanguagePicker.tsx';

/** Where the project's language comes from, in words. */
function origin(project: { language: string; language_chosen: boolean; brand_language: string | null }): string {
  if (project.language_chosen) return 'Chosen for this project.';
  if (project.brand_language && project.brand_language === project.language) return 'Taken from your website.';
  return 'The default, until you choose one.';
}

/**
 * The selected project's language (issue 24): the brand guide, the plan and the posts are written in it; an entry or a
 * post can have its own. Owners and editors change it; viewers read it.
 */
export function ProjectLanguageSection() {
  const project = useStore($selectedProject);
  // Another project selected starts the form again.
  return project ? <LanguageForm key={project.id} project={project} /> : null;
}

function LanguageForm({ project }: { project: Project }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = choice ?? project.language;
  const writer = canWrite(project.role);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (chosen === project.language) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await renameProject(project.id, { language: chosen });
      setChoice(null);
      showToast(`${saved.name} now writes in ${languageLabel(saved.language, uiLocale())}.`, 'success');
    } catch (caught) {
      setError(fieldIssues(caught).language ?? errorMessage(caught, 'An unexpected error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="project-language"
      className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="project-language" className="mb-2 text-lg font-semibold">
        Language
      </h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
        The brand guide, the 30-day plan and the posts of {project.name} are written in it. A calendar entry or a post
        can have a language of its own.
      </p>
      {writer ? (
        <form onSubmit={save} aria-label={`Language of ${project.name}`} className="flex max-w-md flex-col gap-3">
          <LanguagePicker
            id="project-language-choice"
            label="Project language"
            value={chosen}
            onChange={(code) => {
              setChoice(code);
              setError(null);
            }}
            hint={origin(project)}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <div>
            <button type="submit" disabled={busy || chosen === project.language} className={primaryButton}>
              {busy ? 'Saving...' : 'Save language'}
            </button>
          </div>
        </form>
      ) : (
        <p className="text-sm">
          <span className="font-medium">Project language:</span> {languageLabel(project.language, uiLocale())}
        </p>
      )}
    </section>
  );
}
