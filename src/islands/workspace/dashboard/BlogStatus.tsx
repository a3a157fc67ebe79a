import { useStore } from '@nanostores/react';
import type { CustomDomain } from '../../../lib/api/domains.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { Link } from '../Link.tsx';

/** The selected project's blog address and custom domain as the server sees them (GET /projects/{id}/custom-domain). */
const $blogAddress = createFetcherStore<CustomDomain>(['projects/', $selectedProjectId, '/custom-domain']);

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 break-all dark:text-brand-100';

/**
 * The dashboard's Blog and Custom domain rows, true to what a visitor gets: the blog is live on its project address
 * from the start, and a custom domain serves it only once DNS has verified it (until then it is shown as pending,
 * never as the blog's address).
 */
export function BlogStatus() {
  const { data, error } = useStore($blogAddress);
  return (
    <>
      <dt className="text-slate-600 dark:text-slate-400">Blog</dt>
      <dd>
        {data ? (
          <a href={data.blog_url} target="_blank" rel="noopener" className={linkClass}>
            {data.blog_url}
          </a>
        ) : error ? (
          'Could not load the blog’s address.'
        ) : (
          'Loading...'
        )}
      </dd>
      <dt className="text-slate-600 dark:text-slate-400">Custom domain</dt>
      <dd>
        {!data ? (
          '—'
        ) : !data.domain ? (
          'None yet'
        ) : data.status === 'verified' ? (
          <>
            <span className="break-all">{data.domain}</span>{' '}
            <span className="text-emerald-700 dark:text-emerald-300">Verified</span>
          </>
        ) : (
          <>
            <span className="break-all">{data.domain}</span>{' '}
            <span className="text-amber-800 dark:text-amber-200">Waiting for DNS verification</span>
            {' · '}
            <Link href="/projects" className={linkClass}>
              See the DNS records
            </Link>
          </>
        )}
      </dd>
    </>
  );
}
