import { BRIEF_REFUSAL } from '../../../lib/posts/brief.ts';

/** The label a writer's brief carries wherever a post is listed: the blog list, the dashboard, a calendar card. */
export function BriefBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded border border-violet-300 bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-100">
      <span aria-hidden="true">✎</span>
      Writer's brief
    </span>
  );
}

/**
 * The editor's banner over a post that is still the writer's brief: what it is, that it will not be published as it
 * is, and the two ways on. Goes once the body is mostly the writer's own words.
 */
export function BriefBanner() {
  return (
    <section
      aria-labelledby="brief-banner-heading"
      className="rounded-md border border-violet-300 bg-violet-50 p-3 text-sm text-violet-950 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-50"
    >
      <h2 id="brief-banner-heading" className="flex items-center gap-2 font-semibold">
        <span aria-hidden="true">✎</span>
        Writer's brief, not a post yet
      </h2>
      <p className="mt-1">
        No AI model wrote this: it is a brief built from your website, with facts quoted from your pages, questions to
        answer and links to use. {BRIEF_REFUSAL}
      </p>
      <p className="mt-1 text-xs">It stops being a brief once most of the text is your own writing.</p>
    </section>
  );
}
