// The example articles a brand task is given (issue 24): checked before anything is stored, kept on the project
// and on the task that reads them.
import type { Db } from '../../db/sql.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { type FieldIssue, ValidationError } from '../../lib/errors.ts';
import { resolvesToPublicAddress } from '../../providers/safe-fetch/public-address.ts';
import { uniqueExampleUrls } from '../../../src/lib/voice/example-urls.ts';
import { selectProjectExampleUrls, setBrandTaskExampleUrls, setProjectExampleUrls } from './queries.ts';

const PRIVATE_ARTICLE = 'This address points to a private or local network and cannot be read. Enter a public article.';

/**
 * The addresses as stored (fragments dropped, repeats removed), after refusing any whose host resolves to a private,
 * loopback or link-local address, each at its own place in the list (422). The route has checked their form.
 */
export async function checkExampleUrls(ctx: ServiceContext, urls: string[]): Promise<string[]> {
  const issues: FieldIssue[] = [];
  await Promise.all(
    urls.map(async (url, index) => {
      if (!(await resolvesToPublicAddress(new URL(url), { allowLoopback: ctx.config.FETCH_ALLOW_LOOPBACK })))
        issues.push({ loc: ['body', 'example_urls', index], msg: PRIVATE_ARTICLE, type: 'value_error' });
    }),
  );
  if (issues.length) throw new ValidationError(issues.sort((a, b) => Number(a.loc[2]) - Number(b.loc[2])));
  return uniqueExampleUrls(urls);
}

/**
 * Inside the brand task's transaction: addresses given replace the project's; none given, the project's stored ones
 * are read again. Either way the task records the ones it reads.
 */
export async function keepExampleUrls(
  tx: Db,
  input: { projectId: string; taskId: string; given: string[] | undefined },
): Promise<void> {
  if (input.given) await setProjectExampleUrls(tx, input.projectId, input.given);
  const urls = input.given ?? (await selectProjectExampleUrls(tx, input.projectId));
  if (urls.length) await setBrandTaskExampleUrls(tx, input.taskId, urls);
}
