// Loaded only when a public page's sign-in button is pressed with no Firebase project configured (header-client.ts):
// the landing page stays free of React until then.
import { createRoot } from 'react-dom/client';
import { $session } from '../../lib/auth/session.ts';
import LocalAccountChooser, { type LocalSignInWords } from './LocalAccountChooser.tsx';

/**
 * Opens the same local sign-in dialog as /signin over the current page; resolves 'signed-in' once the visitor has
 * signed in, 'closed' when they dismiss it (Cancel, Esc). The dialog is removed either way.
 */
export function openLocalSignIn(words: LocalSignInWords): Promise<'signed-in' | 'closed'> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    let stopWatching = () => {};
    let done = false;
    const finish = (outcome: 'signed-in' | 'closed') => {
      if (done) return;
      done = true;
      stopWatching();
      root.unmount();
      host.remove();
      resolve(outcome);
    };
    stopWatching = $session.listen((session) => {
      if (session.status === 'signed-in') finish('signed-in');
    });
    root.render(<LocalAccountChooser words={words} onClose={() => finish('closed')} />);
  });
}
