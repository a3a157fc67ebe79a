import { HTTPError } from 'ky';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { errorMessage } from '../../../lib/api/client.ts';
import {
  announcePostUpdated,
  deletePost,
  fetchPost,
  patchPost,
  publishPost,
  unpublishPost,
} from '../../../lib/api/posts.ts';
import { markdownProblem } from '../../../lib/posts/markdown-limits.ts';
import { slugFromTitle, slugProblem } from '../../../lib/posts/slug.ts';
import { metaFollowsTitle, metaTitleFor } from '../../../lib/posts/title-follow.ts';
import type { ClaimSpan } from '../../../lib/posts/claim-positions.ts';
import type { Post, PostEdit } from '../../../lib/posts/types.ts';
import { DESCRIPTION_MAX, TITLE_MAX, textLength } from '../../../lib/seo/limits.ts';
import { navigate } from '../../../lib/stores/router.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { CompetitionWarning, useCompetition } from '../calendar/CompetitionWarning.tsx';
import { Link } from '../Link.tsx';
import { KeywordInput } from '../prompts/KeywordInput.tsx';
import { ChecklistPanel } from './ChecklistPanel.tsx';
import { BriefBanner } from './BriefNotice.tsx';
import { ClaimsPanel } from './claims/ClaimsPanel.tsx';
import { usePreviewClaims } from './claims/usePreviewClaims.ts';
import { CountedField } from './CountedField.tsx';
import { ContentEditor } from './editor/ContentEditor.tsx';
import { EditorSidePanel, useWideScreen } from './EditorSidePanel.tsx';
import { MarkdownPreview } from './MarkdownPreview.tsx';
import { PartsList } from './PartsList.tsx';
import { revalidatePostLists, storePost } from './postStores.ts';
import { ScheduleControl } from './ScheduleControl.tsx';
import { SourcesInput } from './SourcesInput.tsx';
import { PublishGateConfirm, QualityHoldNotice } from './QualityHoldNotice.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { useLiveChecklist } from './useLiveChecklist.ts';
import { VideoControl } from './VideoControl.tsx';
import { PostLanguagePanel } from './PostLanguagePanel.tsx';
import { directionOf } from '../../../lib/languages/index.ts';
import { VoiceMatch } from './VoiceMatch.tsx';
import { PublishTargets } from '../destinations/PublishTargets.tsx';

/** How long typing must pause before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 1_000;
/** How long typing in the title or keywords must pause before the keyword competition is checked again. */
export const COMPETITION_DELAY_MS = 600;

type SaveState = 'idle' | 'saving' | 'conflict' | 'error';

/** What the editor highlights while claim highlighting is off. */
const NO_CLAIMS: ClaimSpan[] = [];

function editOf(post: Post): PostEdit {
  const {
    title,
    slug,
    markdown,
    excerpt,
    meta_title,
    meta_description,
    cover_image_url,
    cover_image_alt,
    target_keyword,
    keywords,
    tags,
    sources,
    lang,
  } = post;
  return {
    title,
    slug,
    markdown,
    excerpt,
    meta_title,
    meta_description,
    cover_image_url: cover_image_url ?? '',
    cover_image_alt,
    target_keyword,
    keywords,
    tags,
    sources,
    lang,
  };
}

/**
 * Which fields follow the title while it is typed: the meta title when it was made from the title, and the cover
 * description around the title it names (as [before, after]); typing in either stops it following.
 */
function followersOf(edit: PostEdit): { meta: boolean; alt: [string, string] | null } {
  const title = edit.title.trim();
  const at = title ? edit.cover_image_alt.indexOf(title) : -1;
  return {
    meta: metaFollowsTitle(edit.meta_title, edit.title),
    alt: at < 0 ? null : [edit.cover_image_alt.slice(0, at), edit.cover_image_alt.slice(at + title.length)],
  };
}

/** The fields that differ from the last saved values. */
function changes(form: PostEdit, saved: PostEdit): Partial<PostEdit> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(form) as (keyof PostEdit)[]) {
    if (JSON.stringify(form[key]) !== JSON.stringify(saved[key])) out[key] = form[key];
  }
  return out as Partial<PostEdit>;
}

/** What would make the server refuse the edit, found before sending it. */
function problemsOf(form: PostEdit, markdown: string | null): string[] {
  const found: string[] = [];
  if (markdown) found.push(markdown);
  const slug = slugProblem(form.slug);
  if (slug) found.push(slug);
  if (textLength(form.meta_title) > TITLE_MAX) found.push(`Meta title must be at most ${TITLE_MAX} characters.`);
  if (textLength(form.meta_description) > DESCRIPTION_MAX)
    found.push(`Meta description must be at most ${DESCRIPTION_MAX} characters.`);
  return found;
}

/**
 * The post editor: every field, the server-rendered preview, autosave of drafts (published posts save on request,
 * since a save changes the live post), publish and unpublish. A save carries the version the edit started from; when
 * someone saved in between, the server refuses it (409), nothing is overwritten and the user's text stays here.
 */
export function PostEditor({ post: loaded, side }: { post: Post; side?: HTMLElement | null }) {
  const [form, setForm] = useState<PostEdit>(() => editOf(loaded));
  const [post, setPost] = useState(loaded);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'publish' | 'unpublish' | 'delete' | 'reload' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const competition = useCompetition(loaded.project_id);
  const wide = useWideScreen();
  const competitionChecked = useRef(false);
  // The on-page checklist, live (issue 27); publishing a post the gate held back asks first (confirmGate).
  const quality = useLiveChecklist(loaded.id, form, competition.checkedKey ? competition.items : null);
  const [confirmGate, setConfirmGate] = useState(false);
  const formRef = useRef(form);
  const savedRef = useRef(editOf(loaded));
  const versionRef = useRef(loaded.version);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const failedRef = useRef<string | null>(null);
  const followRef = useRef(followersOf(editOf(loaded)));
  formRef.current = form;
  // Claims marked in the preview (issue 27): the saved post's, on the preview's latest rendering.
  const [highlight, setHighlight] = useState(true);
  const previewRef = useRef<HTMLElement>(null);
  const [previewHtml, setPreviewHtml] = useState(loaded.html);
  const { claims, markdown: checked } = post;
  const showClaim = usePreviewClaims(previewRef, { claims, markdown: checked, html: previewHtml, highlight });

  const pending = changes(form, savedRef.current);
  const dirty = Object.keys(pending).length > 0;
  // The server's render limits, checked as you type (one linear pass), so a post it would refuse is never sent.
  const markdownIssue = useMemo(() => markdownProblem(form.markdown)?.msg ?? null, [form.markdown]);
  const problems = problemsOf(form, markdownIssue);
  // The post's text is written and shown in its own direction (Arabic, Hebrew… right to left); the editor's own is not.
  const textDirection = { lang: form.lang, dir: directionOf(form.lang) };

  const save = useCallback(async (): Promise<boolean> => {
    if (inFlight.current) await inFlight.current;
    const fields = changes(formRef.current, savedRef.current);
    if (Object.keys(fields).length === 0) return true;
    const attempt = (async () => {
      setSaveState('saving');
      try {
        const stored = await patchPost(loaded.id, versionRef.current, fields);
        versionRef.current = stored.version;
        // What we sent is now saved (the server may normalise it; comparing against what we sent avoids re-saving).
        savedRef.current = { ...savedRef.current, ...fields };
        // A new title may have brought a new cover (a drawn title cover is drawn again): shown at once, unless the
        // cover field was changed here meanwhile.
        const cover = stored.cover_image_url ?? '';
        if (cover !== savedRef.current.cover_image_url) {
          const untouched = formRef.current.cover_image_url === savedRef.current.cover_image_url;
          savedRef.current = { ...savedRef.current, cover_image_url: cover };
          if (untouched) setForm((current) => ({ ...current, cover_image_url: cover }));
        }
        failedRef.current = null;
        setPost(stored);
        storePost(stored);
        setSaveState('idle');
        setMessage(null);
        return true;
      } catch (caught) {
        failedRef.current = JSON.stringify(fields);
        if (caught instanceof HTTPError && caught.response.status === 409) {
          setSaveState('conflict');
          setMessage(
            errorMessage(caught, 'Someone else saved this post after you opened it, so your changes were not saved.'),
          );
        } else {
          setSaveState('error');
          setMessage(errorMessage(caught, 'Your changes could not be saved. Please try again.'));
        }
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = attempt;
    return attempt;
  }, [loaded.id]);

  // Autosave: drafts only, a moment after typing stops, never over a conflict or with fields the server would refuse.
  useEffect(() => {
    if (post.status !== 'draft' || !dirty || problems.length > 0 || saveState === 'saving' || saveState === 'conflict')
      return;
    if (saveState === 'error' && failedRef.current === JSON.stringify(pending)) return;
    const timer = window.setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  });

  // The cannibalisation warning: checked when the post opens, then a moment after its title or keywords change.
  // The post itself and the calendar entry that made it are left out by the server.
  const { check } = competition;
  const { target_keyword: keyword, title } = form;
  const keywordList = form.keywords.join(','); // keywords never hold a comma
  useEffect(() => {
    const delay = competitionChecked.current ? COMPETITION_DELAY_MS : 0;
    competitionChecked.current = true;
    const secondaryKeywords = keywordList ? keywordList.split(',') : [];
    const timer = window.setTimeout(
      () => void check({ keyword, title, secondaryKeywords, excludePostId: loaded.id }),
      delay,
    );
    return () => window.clearTimeout(timer);
  }, [check, keyword, title, keywordList, loaded.id]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = <K extends keyof PostEdit>(key: K, value: PostEdit[K]) => {
    // Typing in a follower is editing it on purpose: from then on it keeps its own value.
    if (key === 'meta_title') followRef.current.meta = false;
    if (key === 'cover_image_alt') followRef.current.alt = null;
    setForm((current) => ({ ...current, [key]: value }));
  };

  /** A new title, with the meta title and cover description that still follow it (src/lib/posts/title-follow.ts). */
  const setTitle = (title: string) => {
    const follow = followRef.current;
    setForm((current) => ({
      ...current,
      title,
      ...(follow.meta ? { meta_title: title.trim() ? metaTitleFor(title) : '' } : {}),
      ...(follow.alt ? { cover_image_alt: `${follow.alt[0]}${title.trim()}${follow.alt[1]}` } : {}),
    }));
  };

  async function changeStatus(action: 'publish' | 'unpublish') {
    setBusy(action);
    try {
      if (!(await save())) return;
      const stored = await (action === 'publish' ? publishPost : unpublishPost)(loaded.id, versionRef.current);
      versionRef.current = stored.version;
      setPost(stored);
      storePost(stored);
      announcePostUpdated(stored);
      const was = post.status;
      showToast(
        action === 'publish'
          ? 'Post published.'
          : was === 'scheduled'
            ? 'Post unscheduled: it is a draft again.'
            : 'Post unpublished: it is a draft again.',
        'success',
      );
    } catch (caught) {
      if (caught instanceof HTTPError && caught.response.status === 409) setSaveState('conflict');
      setMessage(errorMessage(caught, 'An error occurred.'));
    } finally {
      setBusy(null);
    }
  }

  async function loadNewer() {
    setBusy('reload');
    try {
      const fresh = await fetchPost(loaded.id);
      versionRef.current = fresh.version;
      savedRef.current = editOf(fresh);
      followRef.current = followersOf(editOf(fresh));
      failedRef.current = null;
      setForm(editOf(fresh));
      setPost(fresh);
      storePost(fresh);
      setSaveState('idle');
      setMessage(null);
    } catch (caught) {
      setMessage(errorMessage(caught, 'An error occurred.'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await deletePost(loaded.id);
      revalidatePostLists(loaded.project_id);
      savedRef.current = formRef.current; // nothing left to save
      showToast('Post deleted.', 'success');
      navigate('/blogs');
    } catch (caught) {
      setMessage(errorMessage(caught, 'An error occurred.'));
      setBusy(null);
    }
  }

  // The reviews of the text (issue 27): what wrote each part (the post as saved) always in sight, the checklist, then
  // one tab each for the claims with their sources and the voice match; the claims open first when the post has any.
  const review = (
    <aside aria-label="Review" className="flex min-w-0 flex-col gap-4">
      <PartsList parts={post.parts} />
      <ChecklistPanel quality={quality} />
      <EditorSidePanel
        initial={post.claims.length > 0 ? 'claims' : 'voice'}
        panels={[
          {
            id: 'claims',
            label: 'Claims',
            content: (
              <ClaimsPanel
                claims={post.claims}
                highlight={highlight}
                onHighlightChange={setHighlight}
                onShow={(id) => showClaim(id, () => setHighlight(true))}
                stale={form.markdown !== post.markdown}
              />
            ),
          },
          {
            id: 'voice',
            label: 'Voice',
            content: <VoiceMatch projectId={loaded.project_id} markdown={form.markdown} lang={form.lang} />,
          },
        ]}
      />
    </aside>
  );

  const indicator =
    saveState === 'saving'
      ? 'Saving...'
      : saveState === 'conflict' || saveState === 'error'
        ? 'Not saved'
        : dirty
          ? problems.length > 0
            ? 'Not saved: fix the marked fields'
            : post.status === 'published'
              ? 'Unsaved changes'
              : 'Unsaved changes'
          : 'Saved';

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={post.status} />
        <span role="status" aria-label="Save state" className="text-sm text-slate-600 dark:text-slate-400">
          {indicator}
        </span>
        <div className="ml-auto flex flex-wrap gap-2">
          <Link href={`/blogs/${loaded.id}`} className={secondaryButton}>
            View post
          </Link>
          <button
            type="button"
            onClick={() => void save()}
            disabled={!dirty || problems.length > 0 || saveState === 'saving' || saveState === 'conflict'}
            className={secondaryButton}
          >
            {post.status === 'draft' ? 'Save now' : 'Save changes'}
          </button>
          {post.status !== 'draft' && (
            <button
              type="button"
              onClick={() => changeStatus('unpublish')}
              disabled={busy !== null || saveState === 'conflict' || problems.length > 0}
              className={secondaryButton}
            >
              {post.status === 'scheduled'
                ? busy === 'unpublish'
                  ? 'Unscheduling...'
                  : 'Unschedule'
                : busy === 'unpublish'
                  ? 'Unpublishing...'
                  : 'Unpublish'}
            </button>
          )}
          {post.status !== 'published' && (
            <button
              type="button"
              onClick={() =>
                // A post the gate held back shows why before a person puts it live anyway; the checklist beside
                // the text already tells anyone else how the post scores, without a dialog in the way.
                post.quality_hold ? setConfirmGate(true) : changeStatus('publish')
              }
              disabled={busy !== null || saveState === 'conflict' || problems.length > 0}
              className={primaryButton}
            >
              {busy === 'publish' ? 'Publishing...' : post.status === 'scheduled' ? 'Publish now' : 'Publish'}
            </button>
          )}
        </div>
      </div>
      {post.status === 'published' && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          This post is live: changes reach your blog when you press Save changes.
        </p>
      )}
      {post.status !== 'published' && (
        <ScheduleControl
          post={post}
          disabled={busy !== null || saveState === 'conflict' || problems.length > 0}
          saveFirst={save}
          version={() => versionRef.current}
          onScheduled={(stored) => {
            versionRef.current = stored.version;
            setPost(stored);
            storePost(stored);
            announcePostUpdated(stored);
          }}
          onError={(caught) => {
            if (caught instanceof HTTPError && caught.response.status === 409) setSaveState('conflict');
            setMessage(errorMessage(caught, 'An error occurred.'));
          }}
        />
      )}

      {post.status === 'draft' && <QualityHoldNotice hold={post.quality_hold} />}
      {confirmGate && post.status !== 'published' && (
        <PublishGateConfirm
          reasons={quality.verdict?.reasons ?? post.quality_hold?.reasons ?? []}
          busy={busy === 'publish'}
          onPublish={() => void changeStatus('publish').then(() => setConfirmGate(false))}
          onCancel={() => setConfirmGate(false)}
        />
      )}
      {post.brief && <BriefBanner />}

      {message && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="whitespace-pre-line">{message}</p>
          {saveState === 'conflict' && (
            <button type="button" onClick={loadNewer} disabled={busy !== null} className={`${secondaryButton} mt-2`}>
              {busy === 'reload' ? 'Loading...' : 'Discard my changes and load the newer version'}
            </button>
          )}
        </div>
      )}

      <div>
        <label htmlFor="post-title" className="text-sm font-medium">
          Title
        </label>
        <input
          id="post-title"
          value={form.title}
          maxLength={200}
          {...textDirection}
          onChange={(event) => setTitle(event.target.value)}
          className={`${fieldClass} text-lg`}
        />
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor="post-slug" className="text-sm font-medium">
            Slug
          </label>
          {form.title.trim() && slugFromTitle(form.title) !== form.slug && (
            <button
              type="button"
              onClick={() => set('slug', slugFromTitle(form.title))}
              className="text-xs text-brand-700 underline dark:text-brand-100"
            >
              Use the title
            </button>
          )}
        </div>
        <input
          id="post-slug"
          value={form.slug}
          onChange={(event) => set('slug', event.target.value)}
          aria-invalid={Boolean(slugProblem(form.slug)) || undefined}
          aria-describedby="post-slug-help"
          className={fieldClass}
        />
        <p
          id="post-slug-help"
          className={`mt-1 text-xs ${slugProblem(form.slug) ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {slugProblem(form.slug) ??
            (post.status === 'published' && form.slug !== post.slug
              ? `The post's address on your blog: /${form.slug}. The old address /${post.slug} will send readers here.`
              : `The post's address on your blog: /${form.slug}`)}
        </p>
      </div>

      <PostLanguagePanel
        postId={loaded.id}
        lang={form.lang}
        onLangChange={(code) => set('lang', code)}
        // A draft saves itself first; a live post's unsaved changes would go live, so they must be saved on purpose.
        saveFirst={async () => (post.status === 'draft' ? save() : !dirty)}
      />

      <ContentEditor
        markdown={form.markdown}
        onChange={(markdown) => set('markdown', markdown)}
        {...textDirection}
        problem={markdownIssue}
        claims={highlight ? claims : NO_CLAIMS}
        claimsMarkdown={checked}
      />
      <MarkdownPreview
        projectId={loaded.project_id}
        markdown={form.markdown}
        initialHtml={loaded.html}
        articleRef={previewRef}
        onRendered={setPreviewHtml}
        {...textDirection}
      />

      <VideoControl
        markdown={form.markdown}
        runId={loaded.workflow_run_id}
        onChange={(markdown) => set('markdown', markdown)}
      />
      {/* The reviews of the text: in the page's side column on wide screens, here under the editor otherwise. */}
      {side && wide ? createPortal(review, side) : review}

      <section
        aria-labelledby="seo-heading"
        className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      >
        <h2 id="seo-heading" className="font-medium">
          Search and sharing
        </h2>
        <CountedField
          id="post-meta-title"
          label="Meta title"
          value={form.meta_title}
          max={TITLE_MAX}
          hint="The title search results show; the post title when empty."
          {...textDirection}
          onChange={(value) => set('meta_title', value)}
        />
        <CountedField
          id="post-meta-description"
          label="Meta description"
          value={form.meta_description}
          max={DESCRIPTION_MAX}
          multiline
          hint="The summary under the title in search results."
          {...textDirection}
          onChange={(value) => set('meta_description', value)}
        />
        <div>
          <label htmlFor="post-target-keyword" className="text-sm font-medium">
            Target keyword
          </label>
          <input
            id="post-target-keyword"
            value={form.target_keyword}
            onChange={(event) => set('target_keyword', event.target.value)}
            aria-describedby="post-competition"
            className={fieldClass}
          />
          <div className="mt-2">
            <CompetitionWarning id="post-competition" items={competition.items} clear={competition.clear} />
          </div>
        </div>
        <KeywordInput
          id="post-keywords"
          label="Keywords"
          value={form.keywords}
          onChange={(keywords) => set('keywords', keywords)}
        />
        <div>
          <label htmlFor="post-cover-url" className="text-sm font-medium">
            Cover image URL
          </label>
          <input
            id="post-cover-url"
            type="url"
            placeholder="https://"
            value={form.cover_image_url ?? ''}
            onChange={(event) => set('cover_image_url', event.target.value)}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="post-cover-alt" className="text-sm font-medium">
            Cover image description
          </label>
          <input
            id="post-cover-alt"
            value={form.cover_image_alt}
            {...textDirection}
            onChange={(event) => set('cover_image_alt', event.target.value)}
            className={fieldClass}
          />
        </div>
        {form.cover_image_url && /^(https?:\/\/|\/api\/media\/)/.test(form.cover_image_url) && (
          // Whole, never cropped: a drawn cover carries the title as text, and cropping cut it off.
          <img
            src={form.cover_image_url}
            alt={form.cover_image_alt || 'Cover image preview'}
            className="h-auto w-full max-w-xl rounded-md border border-slate-200 object-contain dark:border-slate-800"
          />
        )}
      </section>

      <SourcesInput value={form.sources} onChange={(sources) => set('sources', sources)} />

      <PublishTargets postId={post.id} status={post.status} />

      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        {confirmDelete ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>Delete this post for good?</span>
            <button
              type="button"
              onClick={remove}
              disabled={busy !== null}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              {busy === 'delete' ? 'Deleting...' : 'Delete for good'}
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)} className={secondaryButton}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" onClick={() => setConfirmDelete(true)} className={secondaryButton}>
            Delete post
          </button>
        )}
      </div>
    </div>
  );
}
