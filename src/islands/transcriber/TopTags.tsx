import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/client.ts';
import { fill } from '../../lib/fill.ts';
import { fetchTags } from '../../lib/transcripts/api.ts';
import { tagPath } from '../../lib/transcripts/aliases.ts';
import { TOP_TAGS, tagColor } from '../../lib/transcripts/format.ts';
import type { TagUsage } from '../../lib/transcripts/types.ts';

/** The 8 most used tags, linking to their pages, plus More tags (spec §2.9, §7); its words come from src/content/transcript-shared/shared.yaml. */
export default function TopTags({ base, moreTags, tagCount }: { base: string; moreTags: string; tagCount: string }) {
  const [tags, setTags] = useState<TagUsage[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    fetchTags()
      .then((data) => setTags([...data.tags].sort((a, b) => b.count - a.count).slice(0, TOP_TAGS)))
      .catch((failure: unknown) => setError(errorMessage(failure, 'Failed to load tags')));
  }, []);
  if (error) return <p className="text-red-700 dark:text-red-300">{error}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-busy={tags === null}>
      {tags?.map((item) => (
        <a
          key={item.tag}
          href={tagPath(base, item.tag)}
          className={`rounded-full px-3 py-1 text-sm font-medium ${tagColor(item.count)}`}
        >
          #{item.tag} <span className="sr-only">{fill(tagCount, { count: item.count })}</span>
        </a>
      ))}
      <a href={`${base}/tags`} className="px-2 py-1 text-sm font-semibold text-brand-700 underline dark:text-brand-100">
        {moreTags}
      </a>
    </div>
  );
}
