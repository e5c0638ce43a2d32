import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Db } from '#server/db/client.js';
import { rowsOf } from '#server/db/rows.js';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#test/support/test-database.js';
import { queueMessages, recordDeliveryReport } from './outbox-store.js';

interface Row {
  id: string;
  delivery_status: string | null;
  delivery_detail: string | null;
  delivered_at: Date | string | null;
}

const rows = async (db: Db) =>
  rowsOf<Row>(
    await db.execute(sql`
      SELECT id, delivery_status, delivery_detail, delivered_at FROM outbox_messages ORDER BY body`),
  );

describeEachDatabase('delivery reports in the outbox', (kind) => {
  let database: TestDatabase;
  let id: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM outbox_messages`);
    await queueMessages(database.db, [
      { channel: 'sms', recipient: '+237677100001', language: 'en', kind: 'receipt', body: 'a' },
      { channel: 'email', recipient: 'x@example.com', language: 'en', kind: 'receipt', body: 'b' },
    ]);
    const [sms, email] = await rows(database.db);
    id = sms!.id;
    await database.db.execute(sql`
      UPDATE outbox_messages SET state = 'sent', gateway_message_id = 'ATXid_1' WHERE id = ${id}`);
    await database.db.execute(sql`
      UPDATE outbox_messages SET gateway_message_id = 'ATXid_2' WHERE id = ${email!.id}`);
  });

  it('moves a message forward, by our id or the gateway’s, and never back', async () => {
    const report = (status: 'submitted' | 'delivered' | 'undeliverable', detail: string) =>
      recordDeliveryReport(database.db, { message: { id }, status, detail });
    expect(await report('submitted', 'DeliveredToNetwork')).toBe('recorded');
    expect(await report('submitted', 'MessageWaiting')).toBe('unchanged');
    expect(
      await recordDeliveryReport(database.db, {
        message: { gatewayMessageId: 'ATXid_1' },
        status: 'delivered',
        detail: 'Success',
      }),
    ).toBe('recorded');
    // Late or repeated reports change nothing once the phone has the message.
    expect(await report('submitted', 'Buffered')).toBe('unchanged');
    expect(await report('undeliverable', 'DeliveryImpossible')).toBe('unchanged');
    const [row] = await rows(database.db);
    expect(row).toMatchObject({ delivery_status: 'delivered', delivery_detail: 'Success' });
    expect(row!.delivered_at).not.toBeNull();
  });

  it('records a final failure with the gateway’s words, and no delivery time', async () => {
    expect(
      await recordDeliveryReport(database.db, {
        message: { id },
        status: 'undeliverable',
        detail: 'Failed: UserInBlacklist',
      }),
    ).toBe('recorded');
    const [row] = await rows(database.db);
    expect(row).toMatchObject({
      delivery_status: 'undeliverable',
      delivery_detail: 'Failed: UserInBlacklist',
      delivered_at: null,
    });
  });

  it('knows nothing of other ids, of e-mails, or of what is no id at all', async () => {
    const unknown = [
      { id: '00000000-0000-4000-8000-000000000000' },
      { id: 'not-a-uuid' },
      { gatewayMessageId: 'ATXid_nobody' },
      // The e-mail has a gateway id too, but only SMS get delivery reports.
      { gatewayMessageId: 'ATXid_2' },
    ];
    for (const message of unknown) {
      expect(
        await recordDeliveryReport(database.db, { message, status: 'delivered', detail: 'x' }),
      ).toBe('unknown');
    }
    expect((await rows(database.db)).map((r) => r.delivery_status)).toEqual([null, null]);
  });
});
