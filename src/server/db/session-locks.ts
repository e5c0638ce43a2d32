import pg from 'pg';

/** One of ADVISORY_LOCKS, or one with a second key (a payment id) for a lock per thing. */
export type AdvisoryLockKey = number | readonly [number, string];

export type LockedRun<T> = { held: true; value: T } | { held: false };

export interface LockOptions {
  /**
   * How long to keep asking while another instance holds the lock (none by default). A holder in
   * this process is never waited for: the same job asked for twice here is refused at once, so a
   * burst of requests for one job cannot queue up behind it.
   */
  waitMs?: number;
}

/** Where the cross-instance half of a lock lives: PostgreSQL's session advisory locks. */
export interface LockServer {
  url: string;
  connectMs?: number;
  statementMs?: number;
  /** How long the client waits for an answer before it gives up on the connection. */
  queryMs?: number;
  onError: (error: Error) => void;
}

const RETRY_MS = 100;

/**
 * The advisory locks this process holds, part of its database context. Work that runs under a
 * lock (a reconcile run, a refund waiting on the provider) must not hold one of the pool's
 * connections for it: ten such runs at once would leave the voters' requests without any. So
 * every lock this process takes lives on one connection of its own, kept apart from the pool, and
 * the work inside borrows pool connections only while it queries. A set of held keys keeps two
 * holders in this process apart (PostgreSQL would let the same session take a lock twice); on
 * PGlite, one process's database, that set is the whole lock.
 *
 * If the lock connection is lost, PostgreSQL releases every lock it held; runs still under way go
 * on, so another instance may start the same job meanwhile. The jobs guarded here are all safe to
 * overlap (settlement is exactly-once on its own): the lock saves work, it does not keep money
 * right.
 */
export class SessionLocks {
  private readonly held = new Set<string>();
  private connection: Promise<pg.Client> | undefined;
  /** The lock connection answers one statement at a time; callers take turns. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly server?: LockServer) {}

  async run<T>(
    key: AdvisoryLockKey,
    work: () => Promise<T>,
    options: LockOptions = {},
  ): Promise<LockedRun<T>> {
    const [id, sub] = typeof key === 'number' ? [key, null] : key;
    const name = `${id}:${sub ?? ''}`;
    if (this.held.has(name)) return { held: false };
    this.held.add(name);
    try {
      if (!this.server) return { held: true, value: await work() };
      const deadline = Date.now() + (options.waitMs ?? 0);
      const args = sub === null ? [id] : [id, sub];
      const keySql = sub === null ? '$1' : '$1, hashtext($2)';
      let client: pg.Client;
      for (;;) {
        client = await this.connect();
        const { rows } = await this.query(
          client,
          `SELECT pg_try_advisory_lock(${keySql}) AS locked`,
          args,
        );
        if ((rows[0] as { locked?: boolean } | undefined)?.locked) break;
        if (Date.now() >= deadline) return { held: false };
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      try {
        return { held: true, value: await work() };
      } finally {
        // A lock taken on a connection since lost went with it.
        if ((await this.connection?.catch(() => undefined)) === client) {
          // Worth telling: the lock was lost while the work ran.
          await this.query(client, `SELECT pg_advisory_unlock(${keySql})`, args).catch(
            (error: Error) => this.server?.onError(error),
          );
        }
      }
    } finally {
      this.held.delete(name);
    }
  }

  async close(): Promise<void> {
    const client = await this.connection?.catch(() => undefined);
    this.connection = undefined;
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.connection) return this.connection;
    const server = this.server!;
    const client = new pg.Client({
      connectionString: server.url,
      // Named, so an operator can tell it apart in pg_stat_activity.
      application_name: 'palmares locks',
      keepAlive: true,
      connectionTimeoutMillis: server.connectMs,
      statement_timeout: server.statementMs,
      query_timeout: server.queryMs,
    });
    const connection = client.connect().then(() => client);
    const forget = () => {
      if (this.connection === connection) this.connection = undefined;
    };
    client.on('error', (error) => {
      forget();
      server.onError(error);
    });
    client.on('end', forget);
    connection.catch(forget);
    this.connection = connection;
    return connection;
  }

  /** A statement that fails leaves the connection in doubt: it is dropped, and its locks with it. */
  private async query(client: pg.Client, text: string, args: unknown[]) {
    const answer = this.turn.then(() => client.query(text, args));
    this.turn = answer.catch(() => undefined);
    try {
      return await answer;
    } catch (error) {
      if (this.connection && (await this.connection.catch(() => undefined)) === client) {
        this.connection = undefined;
      }
      await client.end().catch(() => undefined);
      throw error;
    }
  }
}
