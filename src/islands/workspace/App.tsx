import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, restoreSession } from '../../lib/auth/session.ts';
import { listenToHistory } from '../../lib/stores/router.ts';
import { Shell } from './Shell.tsx';

let leaving = false;

/** Sends the visitor to / once: a logout event and the cleared session often arrive together. */
function leave(): void {
  if (leaving) return;
  leaving = true;
  window.location.replace('/');
}

/** The workspace app and its guard (spec §2.2): blank while the session loads, back to / without a user. */
export default function App() {
  const session = useStore($session);

  useEffect(() => {
    listenToHistory();
    restoreSession();
    window.addEventListener('inkpilot:logout', leave);
    return () => window.removeEventListener('inkpilot:logout', leave);
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out') leave();
  }, [session.status]);

  return session.status === 'signed-in' ? <Shell /> : null;
}
