import { sql, type Kysely } from 'kysely';

/**
 * `transcode_dispatch`: the transcode dispatcher's record of the tracks waiting for their outcome,
 * per member. A member has at most one job sent to the shared queue (`sent`); the others wait here
 * in upload order and go out one at a time as the previous one ends, so the queue takes members in
 * turn and one member's uploads never hold up everyone else's. Tracks processing now were already
 * sent, and are recorded as such.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE transcode_dispatch (
      track_id bigint PRIMARY KEY,
      user_id uuid NOT NULL,
      sent boolean NOT NULL,
      position bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX transcode_dispatch_waiting ON transcode_dispatch (user_id, position) WHERE NOT sent`.execute(db);
  await sql`INSERT INTO transcode_dispatch (track_id, user_id, sent, position) SELECT id, user_id, true, 0 FROM tracks WHERE status = 'processing'`.execute(db);
}
