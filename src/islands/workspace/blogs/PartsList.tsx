import { useId } from 'react';
import type { PostPart } from '../../../lib/posts/schema.ts';

/** The writers of a post in the order they first appear, with how many parts each wrote. */
export function writersOf(parts: PostPart[]): { name: string; parts: number }[] {
  const counts = new Map<string, number>();
  for (const part of parts) counts.set(part.written_by, (counts.get(part.written_by) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, parts: count }));
}

/**
 * What wrote each part of the post (its introduction and each ## section): the model's name, the writer's brief, or
 * the person who changed it. Shown as saved: a part changed here is credited at the next save. Compact, above the
 * review tabs, so it is always in sight: one line of writers, and each part's writer behind "Each part".
 */
export function PartsList({ parts }: { parts: PostPart[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
    >
      <h2 id={headingId} className="font-medium">
        What wrote each part
      </h2>
      {parts.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">
          Written by hand: no part of this post was written by a model or a brief.
        </p>
      ) : (
        <>
          <ul aria-label="Writers" className="flex flex-wrap gap-x-3 gap-y-0.5 text-slate-700 dark:text-slate-300">
            {writersOf(parts).map((writer) => (
              <li key={writer.name} className="min-w-0 break-words">
                <span className="font-medium">{writer.name}</span>
                {`: ${writer.parts} of ${parts.length} ${parts.length === 1 ? 'part' : 'parts'}`}
              </li>
            ))}
          </ul>
          <details className="min-w-0">
            <summary className="cursor-pointer rounded text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400">
              Each part
            </summary>
            <dl className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
              {parts.map((part, index) => (
                <div key={`${index}-${part.heading}`} className="contents">
                  <dt className="min-w-0 break-words">{part.heading}</dt>
                  <dd className="text-right text-slate-700 dark:text-slate-300">{part.written_by}</dd>
                </div>
              ))}
            </dl>
          </details>
        </>
      )}
    </section>
  );
}
