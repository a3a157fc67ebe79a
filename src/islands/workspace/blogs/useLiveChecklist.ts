import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { fetchPostChecklist, type PostChecklist } from '../../../lib/api/quality.ts';
import type { Competitor } from '../../../lib/calendar/types.ts';
import type { PostEdit } from '../../../lib/posts/types.ts';
import { type GateVerdict, gateVerdict } from '../../../lib/seo/checklist/gate.ts';
import { type Checklist, runChecklist } from '../../../lib/seo/checklist/index.ts';

/** The editor's live checklist: what the panel shows and what publishing by hand asks about. */
export interface LiveChecklist {
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  retry: () => void;
  checklist: Checklist | null;
  verdict: GateVerdict | null;
  minScore: number | null;
}

/**
 * Runs the one checklist (src/lib/seo/checklist) over the post as it is typed. What the project knows around the post
 * (its other posts and blog hosts, the competitor median, the sources' text, the checked claims, the gate) comes once
 * from GET /blogs/posts/post/{id}/checklist; the competing keywords from the editor's own competition check. The text
 * is read deferred, so typing never waits for a check (a 3,000-word post takes a few milliseconds).
 */
export function useLiveChecklist(postId: string, form: PostEdit, competing: Competitor[] | null): LiveChecklist {
  const [server, setServer] = useState<PostChecklist | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setFailure(null);
    fetchPostChecklist(postId).then(
      (answer) => live && setServer(answer),
      (caught) => live && setFailure(errorMessage(caught, 'The checklist could not be loaded.')),
    );
    return () => {
      live = false;
    };
  }, [postId, attempt]);

  const markdown = useDeferredValue(form.markdown);
  const { title, slug, meta_title, meta_description, target_keyword, lang, cover_image_url, cover_image_alt, sources } =
    form;
  const checklist = useMemo(() => {
    if (!server) return null;
    const { context } = server;
    return runChecklist({
      title,
      slug,
      markdown,
      meta_title,
      meta_description,
      target_keyword,
      lang,
      cover_image_url,
      cover_image_alt,
      sources,
      sourceTexts: context.sources,
      competitorWords: context.competitor_words,
      ownPosts: context.own_posts,
      blogHosts: context.blog_hosts,
      competing: competing?.map((item) => ({ kind: item.kind, title: item.title, reason: item.reason })) ?? null,
    });
  }, [
    server,
    title,
    slug,
    markdown,
    meta_title,
    meta_description,
    target_keyword,
    lang,
    cover_image_url,
    cover_image_alt,
    sources,
    competing,
  ]);
  const verdict = useMemo(
    () => (checklist && server ? gateVerdict(checklist, server.gate, server.context.claims) : null),
    [checklist, server],
  );
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return {
    status: server ? 'ready' : failure ? 'error' : 'loading',
    error: failure,
    retry,
    checklist,
    verdict,
    minScore: server?.gate.min_score ?? null,
  };
}
