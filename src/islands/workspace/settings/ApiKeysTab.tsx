import { EmptyState } from '../PageFrame.tsx';

// Issue 2 asks for this tab's frame only; no open issue specifies API keys yet.
/** API Keys: a frame until keys can be created. */
export function ApiKeysTab() {
  return (
    <EmptyState title="API keys arrive later">
      You will be able to create keys here to call the Inkpilot API from your own tools.
    </EmptyState>
  );
}
