import type { Insertable } from 'kysely';
import type { Db } from '../db/connect';
import type { DevMailTable } from '../db/schema';

/** The dev mailbox's table (`dev_mail`): mail kept for admins when no SMTP server is set. No rules. */
export const devMailRepository = {
  async insert(db: Db, mail: Insertable<DevMailTable>): Promise<void> {
    await db.insertInto('dev_mail').values(mail).execute();
  },

  /** Newest first. */
  list(db: Db, limit: number, offset: number) {
    return db.selectFrom('dev_mail').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  },

  async count(db: Db): Promise<number> {
    const row = await db.selectFrom('dev_mail').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
