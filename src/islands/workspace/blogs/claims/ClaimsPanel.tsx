import { useId } from 'react';
import type { Claim, ClaimState } from '../../../../lib/claims/schema.ts';
import { isWebAddress } from '../../../../lib/posts/web-address.ts';
import { ClaimStateBadge } from './states.tsx';

const ORDER: ClaimState[] = ['unsupported', 'uncited', 'supported'];
const KINDS: Record<Claim['kind'], string> = {
  number: 'Number',
  statistic: 'Statistic',
  quote: 'Quotation',
  named: 'Named fact',
};

/**
 * The post's claims beside the source passages that back them (or come closest), worst first: unsupported, then
 * uncited, then supported. Pressing a claim shows it in the preview. `stale` says the text changed since the claims
 * were checked (they are checked again at the next save).
 */
export function ClaimsPanel({
  claims,
  highlight,
  onHighlightChange,
  onShow,
  stale,
}: {
  claims: Claim[];
  highlight: boolean;
  onHighlightChange: (highlight: boolean) => void;
  onShow: (id: string) => void;
  stale: boolean;
}) {
  const headingId = useId();
  const toggleId = useId();
  const sorted = [...claims].sort((a, b) => ORDER.indexOf(a.state) - ORDER.indexOf(b.state) || a.start - b.start);
  const count = (state: ClaimState) => claims.filter((claim) => claim.state === state).length;

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-medium">
          Claims and sources
        </h2>
        <label htmlFor={toggleId} className="flex items-center gap-2 text-sm">
          <input
            id={toggleId}
            type="checkbox"
            checked={highlight}
            onChange={(event) => onHighlightChange(event.target.checked)}
          />
          Highlight claims in the preview
        </label>
      </div>
      {claims.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {count('unsupported')} unsupported · {count('uncited')} uncited · {count('supported')} supported
        </p>
      )}
      {stale && (
        <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
          The text changed since these were checked: they are checked again when the post is saved.
        </p>
      )}
      {claims.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No numbers, statistics, quotations or attributed facts to check in this post. Cite a source with a link right
          after a claim and it is checked against that page.
        </p>
      ) : (
        <ol aria-label="Claims" className="flex flex-col gap-3">
          {sorted.map((claim) => (
            <li
              key={claim.id}
              className="grid min-w-0 gap-2 rounded-md border border-slate-200 p-3 md:grid-cols-2 dark:border-slate-800"
            >
              <div className="flex min-w-0 flex-col items-start gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <ClaimStateBadge state={claim.state} />
                  <span className="text-xs text-slate-600 dark:text-slate-400">{KINDS[claim.kind]}</span>
                </div>
                <button
                  type="button"
                  onClick={() => onShow(claim.id)}
                  className="text-left font-medium break-words text-brand-700 underline underline-offset-2 dark:text-brand-100"
                >
                  “{claim.text}”<span className="sr-only"> — show in the preview</span>
                </button>
                <p className="text-xs break-words text-slate-700 dark:text-slate-300">{claim.reason}</p>
              </div>
              <div className="min-w-0 text-sm">
                {claim.source_url ? (
                  <>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      Source:{' '}
                      {isWebAddress(claim.source_url) ? (
                        <a
                          href={claim.source_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="break-words underline"
                        >
                          {claim.source_title || claim.source_url}
                        </a>
                      ) : (
                        <span className="break-words">{claim.source_title || claim.source_url}</span>
                      )}
                    </p>
                    {claim.passage ? (
                      <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 break-words text-slate-800 dark:border-slate-700 dark:text-slate-200">
                        {claim.passage}
                      </blockquote>
                    ) : (
                      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">No passage of the page to show.</p>
                    )}
                  </>
                ) : (
                  <p className="text-xs text-slate-600 dark:text-slate-400">No source cited.</p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
