import type { Db } from '../../db/client.js';
import { sessionLogs } from '../../db/schema.js';

/** Stores one session of a user; answers its id. */
export async function recordSessionLog(db: Db, userId: string): Promise<string> {
  const [row] = await db.insert(sessionLogs).values({ userId }).returning({ id: sessionLogs.id });
  return row.id;
}
