import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $session, restoreSession } from '../../lib/auth/session.ts';
import { listenToHistory } from '../../lib/stores/router.ts';
import { Shell } from './Shell.tsx';

/** The workspace app and its guard (spec §2.2): blank while the session loads, back to / without a user. */
export default function App() {
  const session = useStore($session);

  useEffect(() => {
    listenToHistory();
    restoreSession();
    const onLogout = () => window.location.replace('/');
    window.addEventListener('inkpilot:logout', onLogout);
    return () => window.removeEventListener('inkpilot:logout', onLogout);
  }, []);

  useEffect(() => {
    if (session.status === 'signed-out') window.location.replace('/');
  }, [session.status]);

  return session.status === 'signed-in' ? <Shell /> : null;
}
