import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import type { Project } from '../../../lib/api/projects.ts';
import { DEFAULT_PROJECT_NAME } from '../../../lib/projects/types.ts';
import { confirmName } from '../../../lib/stores/onboarding.ts';
import { createProject, renameProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { LanguagePicker } from '../languages/LanguagePicker.tsx';
import { suggestedLanguage } from '../languages/suggested-language.ts';

/** Spec §9: the description of a project the wizard creates. */
export const ONBOARDING_DESCRIPTION = 'Auto-generated project during onboarding';
const AUTO_CREATE_FAILED = 'Failed to auto-create project.';
const NAME_REQUIRED = 'Project name is required.';

/**
 * The name the field starts with: the project's own, unless it is the default nobody chose; then the website's name
 * once a website is connected (the brand task found it); else empty, for the user to type.
 */
export function suggestedName(project: Project | null): { value: string; fromWebsite: boolean } {
  if (project && project.name !== DEFAULT_PROJECT_NAME) return { value: project.name, fromWebsite: false };
  if (project?.brand_name) return { value: project.brand_name, fromWebsite: true };
  return { value: '', fromWebsite: false };
}

/**
 * Step 1: the project's name (spec §5: required). It titles the blog and names its address, so it is asked here
 * instead of leaving every blog "Untitled Project". The selected project is renamed; a user without any project
 * gets one with that name.
 */
export function StepCreateProject({ project }: { project: Project | null }) {
  const suggestion = suggestedName(project);
  const [name, setName] = useState(suggestion.value);
  const languageSuggestion = suggestedLanguage(project);
  const [language, setLanguage] = useState(languageSuggestion.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) {
      setError(NAME_REQUIRED);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (!project) {
        const created = await createProject({ name: chosen, description: ONBOARDING_DESCRIPTION, language });
        confirmName(created.id);
      } else {
        // The language is sent even when unchanged: the user confirmed it, so a website will not replace it.
        await renameProject(project.id, { ...(chosen !== project.name ? { name: chosen } : {}), language });
        confirmName(project.id);
      }
    } catch (caught) {
      const message = errorMessage(caught, project ? 'An unexpected error occurred.' : AUTO_CREATE_FAILED);
      setError(message);
      showToast(message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-3">
      <h3 className="font-medium">Create project</h3>
      <p className="text-sm">
        Name your project after your brand or website: your blog is titled with it. Each project has its own website,
        style guide, plan and blog.
      </p>
      <div>
        <label htmlFor={fieldId} className="text-sm font-medium">
          Project name
        </label>
        <input
          id={fieldId}
          name="name"
          value={name}
          maxLength={200}
          autoComplete="organization"
          placeholder="Your brand or website name"
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
          className={fieldClass}
        />
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {suggestion.fromWebsite
            ? 'Taken from your website. You can rename the project later under Projects.'
            : 'You can rename the project later under Projects.'}
        </p>
      </div>
      <div className="max-w-md">
        <LanguagePicker
          id={`${fieldId}-language`}
          label="Language"
          value={language}
          onChange={(code) => code && setLanguage(code)}
          hint={`Your brand guide, plan and posts are written in it. ${languageSuggestion.why}`}
        />
      </div>
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-sm whitespace-pre-line text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving...' : project ? 'Continue' : 'Create project'}
        </button>
      </div>
    </form>
  );
}
