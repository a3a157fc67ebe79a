import postgres from 'postgres';

export type Sql = postgres.Sql;

/** One connection pool per process; postgres.js queues queries over it. */
export function createSql(url: string, max = 10): Sql {
  return postgres(url, {
    max,
    onnotice: () => {},
    transform: { undefined: null },
    connection: { application_name: 'inkpilot' },
  });
}

/** A pool or a transaction: query helpers accept either so verbs can compose them inside sql.begin. */
export type Db = postgres.Sql | postgres.TransactionSql;
