import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as eventStore from './migrations/2026-11-22T0400-event-store';
import * as accounts from './migrations/2026-11-22T0410-accounts';
import * as tracks from './migrations/2026-11-22T0500-tracks';
import * as pendingUploads from './migrations/2026-11-22T0530-pending-uploads';

/** Migrations are listed in code so the compiled output needs no directory scanning. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T0400-event-store': eventStore,
  '2026-11-22T0410-accounts': accounts,
  '2026-11-22T0500-tracks': tracks,
  '2026-11-22T0530-pending-uploads': pendingUploads,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
