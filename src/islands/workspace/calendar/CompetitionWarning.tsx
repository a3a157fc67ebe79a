import { useCallback, useRef, useState } from 'react';
import { fetchCompetition, type CompetitionQuery } from '../../../lib/api/calendar.ts';
import type { Competitor } from '../../../lib/calendar/types.ts';
import { Link } from '../Link.tsx';

/** The query's identity: a warning shown for one query is not shown again as news for the same one. */
export const competitionKey = (query: CompetitionQuery): string =>
  JSON.stringify([
    query.keyword.trim().toLowerCase(),
    query.title?.trim().toLowerCase() ?? '',
    query.secondaryKeywords ?? [],
  ]);

/**
 * The cannibalisation check of a piece being written (GET /calendar/project/{id}/competition): `check` asks the
 * server and keeps the answer of the latest question only; no keyword, no competition. A failed check warns of
 * nothing (the warning never blocks writing).
 */
export function useCompetition(projectId: string) {
  const [state, setState] = useState<{ key: string | null; keyword: boolean; items: Competitor[] }>({
    key: null,
    keyword: false,
    items: [],
  });
  const latest = useRef(0);
  const check = useCallback(
    async (query: CompetitionQuery): Promise<Competitor[]> => {
      const asked = ++latest.current;
      const key = competitionKey(query);
      let items: Competitor[] = [];
      if (query.keyword.trim()) {
        try {
          items = (
            await fetchCompetition(projectId, { ...query, keyword: query.keyword.trim(), title: query.title?.trim() })
          ).items;
        } catch {
          items = [];
        }
      }
      if (asked === latest.current) setState({ key, keyword: Boolean(query.keyword.trim()), items });
      return items;
    },
    [projectId],
  );
  return { items: state.items, checkedKey: state.key, clear: state.keyword && state.items.length === 0, check };
}

function where(item: Competitor): { label: string; href: string } {
  return item.kind === 'post'
    ? { label: 'Post', href: `/dashboard/blog/edit/${item.id}` }
    : { label: `Calendar entry on ${item.date}`, href: `/calendar?month=${item.date?.slice(0, 7) ?? ''}` };
}

/**
 * The warning that a keyword competes with existing posts or planned entries, each named with why and a link to it,
 * or (`clear`) a quiet note that the keyword checked competes with nothing. A polite live region that is always
 * there, so the warning is announced when it appears.
 */
export function CompetitionWarning({ items, clear, id }: { items: Competitor[]; clear: boolean; id: string }) {
  return (
    <div role="status" aria-live="polite" id={id}>
      {clear && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          No other post or calendar entry competes with this keyword.
        </p>
      )}
      {items.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">
            <span aria-hidden="true">⚠ </span>This keyword competes with{' '}
            {items.length === 1 ? 'existing content' : `${items.length} existing pieces`}:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {items.map((item) => {
              const { label, href } = where(item);
              return (
                <li key={`${item.kind}-${item.id}`}>
                  {label}{' '}
                  <Link href={href} className="font-medium underline underline-offset-2">
                    “{item.title}”
                  </Link>{' '}
                  ({item.reason}
                  {item.target_keyword ? `, keyword “${item.target_keyword}”` : ''})
                </li>
              );
            })}
          </ul>
          <p className="mt-1">
            Two pieces on one keyword split their search traffic: choose another keyword, or improve the existing piece
            instead.
          </p>
        </div>
      )}
    </div>
  );
}
