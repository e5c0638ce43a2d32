import pg from 'pg';

interface StatementRow {
  calls: string;
  exec_ms: number;
  plan_ms: number;
  query: string;
}

/**
 * PostgreSQL's costliest statements over a window, from pg_stat_statements, when the server loads
 * it (`shared_preload_libraries = 'pg_stat_statements'`, and `pg_stat_statements.track_planning =
 * on` for planning time); otherwise one line saying so. The statistics are the whole server's, so
 * start() resets them: nothing else should run on the server meanwhile.
 */
export class StatementCosts {
  private unavailable: string | undefined;

  constructor(private readonly url: string) {}

  private async run<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  async start(): Promise<void> {
    try {
      await this.run('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await this.run('SELECT pg_stat_statements_reset()');
    } catch (error) {
      this.unavailable = (error as Error).message;
    }
  }

  /** The `count` statements of this database that cost the most since start(), a line each. */
  async top(count: number): Promise<string[]> {
    if (this.unavailable) {
      return [
        `PostgreSQL's costliest statements: pg_stat_statements unavailable (${this.unavailable})`,
      ];
    }
    const rows = await this.run<StatementRow>(
      `SELECT calls, total_exec_time AS exec_ms, total_plan_time AS plan_ms, query
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
       ORDER BY total_exec_time + total_plan_time DESC LIMIT ${count}`,
    );
    return [
      `PostgreSQL's ${count} costliest statements in the mix (pg_stat_statements; time run + planned, in all and per call):`,
      ...rows.map((row) => {
        const calls = Number(row.calls);
        const each = (ms: number) => (ms / Math.max(calls, 1)).toFixed(3);
        const text = row.query.replace(/\s+/g, ' ').slice(0, 100);
        return `  ${(row.exec_ms + row.plan_ms).toFixed(0)} ms, ${calls} calls, ${each(row.exec_ms)} + ${each(row.plan_ms)} ms: ${text}`;
      }),
    ];
  }
}
