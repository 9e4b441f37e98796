import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as eventStore from './migrations/2026-11-22T0400-event-store';
import * as accounts from './migrations/2026-11-22T0410-accounts';
import * as tracks from './migrations/2026-11-22T0500-tracks';
import * as pendingUploads from './migrations/2026-11-22T0530-pending-uploads';
import * as deferrableKeys from './migrations/2026-11-23T0100-deferrable-read-model-keys';
import * as uploadClaims from './migrations/2026-11-23T0110-upload-claims';
import * as mailOutbox from './migrations/2026-11-23T0900-mail-outbox';
import * as profiles from './migrations/2026-11-24T0100-profiles-and-subscriptions';
import * as social from './migrations/2026-11-24T0110-library-collections-comments';
import * as streamAndSearch from './migrations/2026-11-25T0100-stream-and-search';
import * as notifications from './migrations/2026-11-25T0100-notifications';
import * as streamOnRead from './migrations/2026-11-26T0100-stream-on-read';
import * as packedWaveforms from './migrations/2026-11-25T0300-packed-waveforms';
import * as sonarChat from './migrations/2026-11-26T0200-sonar-chat';
import * as chatSharedTracks from './migrations/2026-11-27T0100-chat-shared-tracks';
import * as contactAndMembership from './migrations/2026-11-27T0300-contact-and-membership';
import * as messagesAndNews from './migrations/2026-11-27T0400-messages-and-news';
import * as adminConsole from './migrations/2026-11-28T0500-admin-console';
import * as unreadMessageCounts from './migrations/2026-11-28T0700-unread-message-counts';
import * as transcodeDispatch from './migrations/2026-11-28T0900-transcode-dispatch';
import * as shadowRebuilds from './migrations/2026-11-28T0910-shadow-rebuilds';
import * as eventsTypeOrder from './migrations/2026-11-28T1000-events-type-order';
import * as albums from './migrations/2026-11-28T1100-albums';
import * as catalogueReadModels from './migrations/2026-11-28T1200-catalogue-read-models';
import * as trackVideo from './migrations/2026-11-28T1400-track-video';

/** Migrations are listed in code so the compiled output needs no directory scanning. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T0400-event-store': eventStore,
  '2026-11-22T0410-accounts': accounts,
  '2026-11-22T0500-tracks': tracks,
  '2026-11-22T0530-pending-uploads': pendingUploads,
  '2026-11-23T0100-deferrable-read-model-keys': deferrableKeys,
  '2026-11-23T0110-upload-claims': uploadClaims,
  '2026-11-23T0900-mail-outbox': mailOutbox,
  '2026-11-24T0100-profiles-and-subscriptions': profiles,
  '2026-11-24T0110-library-collections-comments': social,
  '2026-11-25T0100-stream-and-search': streamAndSearch,
  '2026-11-25T0100-notifications': notifications,
  '2026-11-25T0300-packed-waveforms': packedWaveforms,
  '2026-11-26T0100-stream-on-read': streamOnRead,
  '2026-11-26T0200-sonar-chat': sonarChat,
  '2026-11-27T0100-chat-shared-tracks': chatSharedTracks,
  '2026-11-27T0300-contact-and-membership': contactAndMembership,
  '2026-11-27T0400-messages-and-news': messagesAndNews,
  '2026-11-28T0500-admin-console': adminConsole,
  '2026-11-28T0700-unread-message-counts': unreadMessageCounts,
  '2026-11-28T0900-transcode-dispatch': transcodeDispatch,
  '2026-11-28T0910-shadow-rebuilds': shadowRebuilds,
  '2026-11-28T1000-events-type-order': eventsTypeOrder,
  '2026-11-28T1100-albums': albums,
  '2026-11-28T1200-catalogue-read-models': catalogueReadModels,
  '2026-11-28T1400-track-video': trackVideo,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Runs what is pending, under the migrator's lock; returns the names it ran (none when another process got there first). */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateToLatest());
}

/** The migrations this release has that the database has not run yet, oldest first. */
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  return migrations.filter((m) => !m.executedAt).map((m) => m.name);
}

/**
 * For a replica that does not migrate (MIGRATE_ON_START=false): waits until the release's
 * migration job has brought the schema up to date, saying what it waits for now and then. A
 * replica of a new release started before its job ends would otherwise read tables that are not
 * there yet.
 */
export async function waitForSchema(db: Kysely<any>, onWait: (pending: string[]) => void, intervalMs = 2000): Promise<void> {
  let announced = 0;
  for (;;) {
    const pending = await pendingMigrations(db);
    if (pending.length === 0) return;
    if (Date.now() - announced > 15_000) {
      onWait(pending);
      announced = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Up to and including `name`: for tests of a migration that rewrites rows made by earlier ones. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  return migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Kysely<any>, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
