import { selectSiteByProject } from '../../blog/queries.ts';
import { blogUrl } from '../../blog/render/html.ts';
import { siteOf } from '../../blog/sites.ts';
import { ensureOk, excerpt, send } from '../../destinations/remote.ts';
import { indexNowSetting, submitsFor } from './indexnow.ts';
import type { DeliveryEnv } from './perform.ts';
import type { ClaimedDelivery, Outcome } from './queries.ts';

/** What IndexNow's answers mean (https://www.indexnow.org/documentation, "Response format"). */
const MEANINGS: Record<number, string> = {
  200: 'URLs submitted',
  202: 'URLs received; the key is being validated',
  400: 'Bad request: the submission is malformed',
  403: 'Forbidden: the key is not valid (the key file was not found on the blog, or its content does not match)',
  422: "Unprocessable: the URLs do not belong to the host, or the key does not match the protocol's schema",
  429: 'Too many requests: IndexNow sees this as spam',
};

/**
 * One IndexNow submission for a change of a live post: the post's address (and its old one when it moved) and the
 * blog's home page, on the blog's canonical host, with the key file's address. Its answer is the delivery's result.
 */
export async function submitIndexNow(env: DeliveryEnv, claim: ClaimedDelivery): Promise<Outcome> {
  const setting = indexNowSetting(env.config);
  const row = await selectSiteByProject(env.sql, claim.project_id);
  if (!row) return { state: 'skipped', action: 'none', result: 'The project was deleted.' };
  const site = siteOf(row, env.config);
  if (!setting.endpoint || !submitsFor(env.config, site.origin))
    return { state: 'skipped', action: 'none', result: setting.reason };
  const paths = ((claim.payload?.paths as string[] | undefined) ?? []).filter((path) => path.startsWith('/'));
  const urlList = [...new Set([...paths.map((path) => blogUrl(site, path)), blogUrl(site, '/')])];
  const body = {
    host: new URL(site.origin).hostname,
    key: site.indexNowKey,
    keyLocation: blogUrl(site, `/${site.indexNowKey}.txt`),
    urlList,
  };
  const io = {
    fetch: (url: string | URL | Request, init?: RequestInit) =>
      fetch(url, { ...init, signal: AbortSignal.timeout(env.config.DELIVERY_TIMEOUT_MS) }),
    now: () => new Date(),
  };
  const answer = await send(io as typeof env.io, 'IndexNow', setting.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
  const meaning = MEANINGS[answer.status];
  const said = [meaning, excerpt(answer.text, 200)].filter(Boolean).join(' — ');
  ensureOk(answer, 'IndexNow', said, io.now());
  const count = urlList.length === 1 ? '1 address' : `${urlList.length} addresses`;
  return { state: 'delivered', action: 'submit', result: `${answer.status} ${meaning ?? 'OK'} (${count})` };
}
