import postgres from 'postgres';

export type Sql = postgres.Sql;

/** One connection pool per process; postgres.js queues queries over it. */
export function createSql(url: string, max = 10): Sql {
  const { url: target, socketDir } = splitSocketHost(url);
  return postgres(target, {
    max,
    ...(socketDir ? { host: socketDir } : {}),
    onnotice: () => {},
    transform: { undefined: null },
    connection: { application_name: 'inkpilot' },
  });
}

/** A pool or a transaction: query helpers accept either so verbs can compose them inside sql.begin. */
export type Db = postgres.Sql | postgres.TransactionSql;

/**
 * libpq writes a Unix socket as `?host=/dir` (the embedded database uses it); postgres.js takes the folder as its
 * `host` option instead and would send an unknown `host` query parameter to the server as a setting.
 */
export function splitSocketHost(url: string): { url: string; socketDir?: string } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), socketDir: host };
}
