import type { Project } from '../../../lib/api/projects.ts';
import { DEFAULT_LANGUAGE, listedLanguage } from '../../../lib/languages/index.ts';

/**
 * The language the onboarding offers a project (issue 24): the one someone chose, else its website's `<html lang>`
 * once the website was read, else the browser's language, else English; with the reason, in words.
 */
export function suggestedLanguage(project: Project | null): { value: string; why: string } {
  if (project?.language_chosen) return { value: project.language, why: 'Chosen for this project.' };
  const site = listedLanguage(project?.brand_language);
  if (site) return { value: site, why: 'Taken from your website.' };
  const browser = typeof navigator === 'undefined' ? null : listedLanguage(navigator.language);
  if (browser) return { value: browser, why: 'Taken from your browser’s language.' };
  return { value: DEFAULT_LANGUAGE, why: '' };
}
