import type { Prompt } from '../../../lib/prompts/types.ts';
import { describeVoice } from '../../../lib/voice/describe.ts';

const linkClass = 'text-brand-700 underline break-all dark:text-brand-100';

/**
 * The voice a guide was written with (issue 24): measured from its example articles and said in words, the sentences
 * it quotes with the article each comes from, and the articles that could not be read with the reason.
 */
export function GuideVoice({ prompt, writable }: { prompt: Prompt; writable: boolean }) {
  const profile = prompt.voice_profile;
  const unread = prompt.voice_articles.filter((article) => !article.read);
  return (
    <section
      aria-labelledby="guide-voice-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="guide-voice-heading" className="font-medium">
        Voice from your example articles
      </h2>
      {profile ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Measured from {profile.documents === 1 ? '1 article' : `${profile.documents} articles`} (
            {profile.words.toLocaleString('en-US')} words).
          </p>
          <ul aria-label="Measured voice" className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {describeVoice(profile).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {prompt.voice_examples.length > 0 && (
            <>
              <h3 className="text-sm font-medium">Quotes from your articles</h3>
              <ul aria-label="Quotes from your articles" className="flex flex-col gap-3">
                {prompt.voice_examples.map((example) => (
                  <li key={`${example.url} ${example.text}`}>
                    <figure className="border-l-4 border-brand-600 pl-3">
                      <blockquote className="text-sm italic">“{example.text}”</blockquote>
                      <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                        from{' '}
                        <a href={example.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                          {example.title || example.url}
                        </a>
                      </figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {writable
            ? 'This guide was not written from example articles. Add up to 3 under Example articles and analyse again: the new guide measures their voice and quotes them, and the editor compares each post with it.'
            : 'This guide was not written from example articles.'}
        </p>
      )}
      {unread.length > 0 && (
        <div className="text-sm">
          <h3 className="font-medium">Not read</h3>
          <ul aria-label="Example articles not read" className="mt-1 flex flex-col gap-1">
            {unread.map((article) => (
              <li key={article.url} className="text-amber-900 dark:text-amber-200">
                <a href={article.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {article.url}
                </a>
                : {article.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
