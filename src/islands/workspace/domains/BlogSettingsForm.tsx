import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, fieldIssues } from '../../../lib/api/client.ts';
import { saveBlogSettings } from '../../../lib/api/domains.ts';
import {
  accentProblem,
  DEFAULT_BLOG_ACCENT,
  normaliseAccent,
  shownContrast,
} from '../../../lib/projects/blog-brand.ts';
import type { Project } from '../../../lib/projects/types.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton } from '../brand/ConnectWebsiteForm.tsx';

export const BLOG_SETTINGS_SAVED = 'Blog settings saved.';

/**
 * What the brand task found on the website, offered where the blog has nothing of its own yet: its logo when it is
 * an https address (the blog is served over https), its theme colour when links drawn in it are readable on white.
 */
export function brandDefaults(project: Project): { logo: string | null; accent: string | null } {
  const logo = !project.blog_logo_url && project.brand_logo_url?.startsWith('https://') ? project.brand_logo_url : null;
  const accent =
    project.blog_accent_color === DEFAULT_BLOG_ACCENT && project.brand_color && !accentProblem(project.brand_color)
      ? project.brand_color
      : null;
  return { logo, accent };
}

type Field = 'blog_logo_url' | 'blog_accent_color' | 'blog_base_path';
/** What a setting's input must carry so its label, help and error belong to it. */
type InputIds = { id: string; 'aria-describedby': string; 'aria-invalid'?: true };

/**
 * The hosted blog's brand and place (owners and editors): logo, accent colour (links and buttons, checked for
 * contrast on white as the API checks it) and, with a custom domain, the path of that domain it is served under.
 */
export function BlogSettingsForm({ project }: { project: Project }) {
  const offered = brandDefaults(project);
  const [logo, setLogo] = useState(project.blog_logo_url ?? offered.logo ?? '');
  const [accent, setAccent] = useState(offered.accent ?? project.blog_accent_color);
  const [basePath, setBasePath] = useState(project.blog_base_path);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const domain = project.custom_blog_domain;
  const hex = normaliseAccent(accent);
  const id = (field: string) => `${field}-${project.id}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = accentProblem(accent);
    if (problem) {
      setErrors({ blog_accent_color: problem });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveBlogSettings(project.id, {
        blog_logo_url: logo.trim() || null,
        blog_accent_color: hex!,
        ...(domain ? { blog_base_path: basePath } : {}),
      });
      // As stored: '/blog' for 'blog/', a media path for a media id.
      setLogo(saved.blog_logo_url ?? '');
      setAccent(saved.blog_accent_color);
      setBasePath(saved.blog_base_path);
      showToast(BLOG_SETTINGS_SAVED, 'success');
    } catch (failure) {
      const issues = fieldIssues(failure);
      if (Object.keys(issues).length) setErrors(issues);
      else showToast(errorMessage(failure, 'Failed to save blog settings.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  /** One labelled setting: its input (given the ids it must carry), its help and its error. */
  const setting = (field: Field, label: string, help: string, input: (ids: InputIds) => ReactNode) => (
    <div>
      <label htmlFor={id(field)} className="text-sm font-medium">
        {label}
      </label>
      {input({
        id: id(field),
        'aria-describedby': [errors[field] ? id(`${field}-error`) : '', id(`${field}-help`)].join(' ').trim(),
        ...(errors[field] ? { 'aria-invalid': true as const } : {}),
      })}
      <p id={id(`${field}-help`)} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {help}
      </p>
      {errors[field] && (
        <p id={id(`${field}-error`)} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {errors[field]}
        </p>
      )}
    </div>
  );
  const text =
    (field: Field, value: string, onChange: (next: string) => void, placeholder: string, className = fieldClass) =>
    (ids: InputIds) => (
      <input
        {...ids}
        name={field}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        disabled={busy}
        onChange={(event) => onChange(event.target.value)}
        className={className}
      />
    );

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={id('blog-settings')}
      className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id={id('blog-settings')} className="font-semibold">
        Blog settings
      </h3>
      {(offered.logo || offered.accent) && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Filled in from your website's brand{project.brand_url ? ` (${project.brand_url})` : ''}. Save to use it on
          your blog.
        </p>
      )}
      {setting(
        'blog_logo_url',
        'Logo',
        'An https:// address of your logo image, or the id of an image stored in this project. Leave empty for none.',
        text('blog_logo_url', logo, setLogo, 'https://example.com/logo.svg'),
      )}
      {setting(
        'blog_accent_color',
        'Accent colour',
        `Links and buttons on your blog. As #rrggbb, dark enough to read on white (contrast 4.5:1 or more)${hex ? `; this one has ${shownContrast(hex)}` : ''}.`,
        (ids) => (
          <div className="mt-1 flex items-center gap-2">
            <input
              type="color"
              aria-label="Colour picker"
              value={hex ?? DEFAULT_BLOG_ACCENT}
              disabled={busy}
              onChange={(event) => setAccent(event.target.value)}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
            />
            {text('blog_accent_color', accent, setAccent, DEFAULT_BLOG_ACCENT, `${fieldClass} mt-0 font-mono`)(ids)}
          </div>
        ),
      )}
      {domain &&
        setting(
          'blog_base_path',
          `Path on ${domain}`,
          `To serve the blog under a path of your own site, like /blog, enter it and forward that path from your site to your blog. Leave empty to serve the blog at the root of ${domain}.`,
          text('blog_base_path', basePath, setBasePath, '/blog'),
        )}
      <div className="flex justify-end">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving...' : 'Save blog settings'}
        </button>
      </div>
    </form>
  );
}
