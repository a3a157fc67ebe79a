import { useStore } from '@nanostores/react';
import { $searchConsole } from './searchConsoleStores.ts';

/**
 * The line of the project deletion dialog's "what goes" list about Search Console: shown when the selected project is
 * connected (deleting it revokes the access at Google); while the connection is read, nothing; if it cannot be read,
 * the line says it holds only if one is connected.
 */
export function SearchConsoleRevoked() {
  const { data, error } = useStore($searchConsole);
  if (error) return <li>its Search Console access, if it is connected, which is revoked at Google</li>;
  if (!data?.connected) return null;
  return <li>its Search Console access, which is revoked at Google</li>;
}
