import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { postAiTest, type AiJsonMode, type AiSettings, type AiTestResult } from '../../../lib/api/admin.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import { $session } from '../../../lib/auth/session.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { EmptyState, PageFrame } from '../PageFrame.tsx';

const $aiSettings = createFetcherStore<AiSettings>(['admin/ai']);

const JSON_MODE_LABEL: Record<AiJsonMode, string> = {
  json_schema: 'Structured outputs (json_schema)',
  json_object: 'JSON mode (json_object)',
  instructions: 'Instructions only (the server takes no JSON mode)',
};

const box = 'rounded-lg border border-slate-200 p-4 dark:border-slate-800';
const term = 'text-slate-600 dark:text-slate-400';

/** AI model (Advanced, admins): which server and model write, the JSON support found, and a connection test. */
export default function AiModelPage() {
  const me = useStore($session).user;
  if (!me?.is_admin) {
    return (
      <PageFrame title="AI model">
        <EmptyState title="Admins only">The AI connection is managed by administrators.</EmptyState>
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="AI model"
      lead="The model that writes brand guides, plans and posts, and a check that it answers."
    >
      <Settings />
      <ConnectionTest />
    </PageFrame>
  );
}

function Settings() {
  const { data, loading, error } = useStore($aiSettings);
  if (loading && !data) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;
  if (error && !data)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errorMessage(error, 'An error occurred.')}
      </p>
    );
  if (!data) return null;
  if (!data.configured)
    return (
      <section aria-labelledby="ai-settings" className={box}>
        <h2 id="ai-settings" className="font-medium">
          Offline composer in use
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{data.message}</p>
      </section>
    );
  return (
    <section aria-labelledby="ai-settings" className={box}>
      <h2 id="ai-settings" className="font-medium">
        Configured model
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className={term}>Model</dt>
        <dd className="break-all font-medium">{data.model}</dd>
        <dt className={term}>Server</dt>
        <dd className="break-all">{data.base_url}</dd>
        <dt className={term}>API key</dt>
        <dd>{data.api_key_set ? 'Set (never shown)' : 'Not set'}</dd>
        <dt className={term}>JSON support</dt>
        <dd>{data.json_mode ? JSON_MODE_LABEL[data.json_mode] : 'Not checked yet'}</dd>
      </dl>
    </section>
  );
}

function ConnectionTest() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AiTestResult | null>(null);
  const [failure, setFailure] = useState('');

  async function test() {
    setBusy(true);
    setFailure('');
    setResult(null);
    try {
      setResult(await postAiTest());
      revalidateKeys('admin/ai');
    } catch (error) {
      setFailure(errorMessage(error, 'An error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="ai-test" className="flex flex-col gap-3">
      <h2 id="ai-test" className="font-medium">
        Connection test
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Asks the model one short question in the best JSON mode its server takes, and reports what it found.
      </p>
      <div>
        <button
          type="button"
          onClick={() => void test()}
          disabled={busy}
          aria-busy={busy}
          className="h-9 rounded-md bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Testing...' : 'Test AI connection'}
        </button>
      </div>
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failure}
          </p>
        )}
        {result && <TestResult result={result} />}
      </div>
    </section>
  );
}

function TestResult({ result }: { result: AiTestResult }) {
  if (!result.configured)
    return (
      <div role="status" className={box}>
        <p className="font-medium">No AI model is configured</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          There is nothing to connect to: the offline composer is in use. Connect a model as described above, then test
          again.
        </p>
      </div>
    );
  if (!result.ok)
    return (
      <div role="alert" className="rounded-lg border border-red-300 p-4 dark:border-red-800">
        <p className="font-medium text-red-800 dark:text-red-200">The test failed</p>
        <p className="mt-1 break-words text-sm text-red-800 dark:text-red-200">{result.error}</p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          Check AI_BASE_URL, AI_MODEL and AI_API_KEY, and that the server is running and knows the model; then restart
          Inkpilot and test again.
        </p>
      </div>
    );
  return (
    <div role="status" className="rounded-lg border border-emerald-300 p-4 dark:border-emerald-800">
      <p className="font-medium text-emerald-800 dark:text-emerald-200">Connected</p>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className={term}>Model</dt>
        <dd className="break-all font-medium">{result.model}</dd>
        <dt className={term}>JSON support</dt>
        <dd>{result.json_mode ? JSON_MODE_LABEL[result.json_mode] : ''}</dd>
        <dt className={term}>Latency</dt>
        <dd>{result.latency_ms?.toLocaleString('en-US')} ms</dd>
        <dt className={term}>Sample answer</dt>
        <dd className="break-words">
          <q>{result.sample}</q>
        </dd>
      </dl>
    </div>
  );
}
