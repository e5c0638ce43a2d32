import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.js';
import { outboxMessages } from '#server/db/schema.js';
import { expect } from './fixtures.js';

/** The newest code the server sent `recipient` (its outbox keeps it: the sandbox channel). */
export async function codeSentTo(db: Db, recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const [message] = await db
        .select({ body: outboxMessages.body })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.kind, 'lookup-code')))
        .orderBy(desc(outboxMessages.createdAt))
        .limit(1);
      code = message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
