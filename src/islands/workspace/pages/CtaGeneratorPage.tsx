import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { Link } from '../Link.tsx';

/** CTA generator: announced as Coming Soon (spec §2.1); it has no top bar, so it links back itself. */
export default function CtaGeneratorPage() {
  return (
    <PageFrame title="CTA Generator" lead="Calls to action for your posts.">
      <EmptyState title="Coming Soon">
        <Link href="/dashboard" className="text-brand-700 underline dark:text-brand-100">
          Back to the dashboard
        </Link>
      </EmptyState>
    </PageFrame>
  );
}
