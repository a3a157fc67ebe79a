import { EmptyState } from '../PageFrame.tsx';

// TODO(issue: workspace features): create, list and revoke API keys here.
/** API Keys: a frame until keys can be created. */
export function ApiKeysTab() {
  return (
    <EmptyState title="API keys arrive later">
      You will be able to create keys here to call the Inkpilot API from your own tools.
    </EmptyState>
  );
}
