import { useId } from 'react';
import type { PostPart } from '../../../lib/posts/schema.ts';

/**
 * What wrote each part of the post (its introduction and each ## section): the model's name, the writer's brief, or
 * the person who changed it. Shown as saved: a part changed here is credited at the next save.
 */
export function PartsList({ parts }: { parts: PostPart[] }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id={headingId} className="font-medium">
        What wrote each part
      </h2>
      {parts.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Written by hand: no part of this post was written by a model or a brief.
        </p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
          {parts.map((part, index) => (
            <div key={`${index}-${part.heading}`} className="contents">
              <dt className="min-w-0 break-words">{part.heading}</dt>
              <dd className="text-right text-slate-700 dark:text-slate-300">{part.written_by}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
