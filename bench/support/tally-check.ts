import pg from 'pg';

export interface TallyDifference {
  nominationId: string;
  voteCount: number;
  paid: number;
}

/**
 * Every nomination's vote_count against the sum of payment_votes of its completed payments, read
 * straight from PostgreSQL: what settle() promises to keep equal whatever the load.
 */
export async function tallyDifferences(
  url: string,
): Promise<{ nominations: number; votes: number; differences: TallyDifference[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      vote_count: number;
      paid: number;
    }>(
      `SELECT n.id, n.vote_count, COALESCE(s.paid, 0)::int AS paid
       FROM nominations n
       LEFT JOIN (SELECT pv.nomination_id, SUM(pv.vote_count) AS paid
                  FROM payment_votes pv JOIN payments p ON p.id = pv.payment_id
                  WHERE p.status = 'completed' GROUP BY pv.nomination_id) s
         ON s.nomination_id = n.id`,
    );
    return {
      nominations: rows.length,
      votes: rows.reduce((sum, r) => sum + r.paid, 0),
      differences: rows
        .filter((r) => r.vote_count !== r.paid)
        .map((r) => ({ nominationId: r.id, voteCount: r.vote_count, paid: r.paid })),
    };
  } finally {
    await client.end();
  }
}

/** "tallies exact (…)" or the differences; throws when there are any, so the bench fails. */
export async function assertTalliesExact(url: string): Promise<string> {
  const { nominations, votes, differences } = await tallyDifferences(url);
  if (differences.length === 0) {
    return `tallies exact: ${nominations} nominations, ${votes.toLocaleString('en')} votes of completed payments`;
  }
  const shown = differences
    .slice(0, 20)
    .map((d) => `  ${d.nominationId}: vote_count ${d.voteCount}, completed payments ${d.paid}`);
  throw new Error(
    `tallies differ on ${differences.length} of ${nominations} nominations:\n${shown.join('\n')}`,
  );
}
