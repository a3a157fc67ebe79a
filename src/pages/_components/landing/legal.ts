import { getEntry } from 'astro:content';
import { supportEmail } from '../../../components/header/links.ts';

/** A legal page's copy with {email} turned into the support mailto link; fails the build when a section is missing. */
export async function legalPage(id: 'terms' | 'privacy') {
  const entry = await getEntry('legal', id);
  if (!entry?.rendered) throw new Error(`src/content/legal/${id}.md is missing`);
  const html = entry.rendered.html;
  const sections = (html.match(/<h2/g) ?? []).length;
  if (sections !== entry.data.sections)
    throw new Error(
      `src/content/legal/${id}.md: expected ${entry.data.sections} sections (## headings), found ${sections}`,
    );
  const email = supportEmail();
  return { ...entry.data, html: html.replaceAll('{email}', `<a href="mailto:${email}">${email}</a>`) };
}
