#!/usr/bin/env node
import { ConfigError, connectPostgres, createLogger, loadConfig, migrateToLatest } from '@stardeck/infra';

/**
 * `stardeck migrate`: brings the database schema up to this release, once per release (a
 * Kubernetes Job, a Compose service the others wait for), while every replica runs with
 * MIGRATE_ON_START=false and waits for it. Two of these at once are safe: the migrator holds a
 * lock while it works, and the second finds nothing left to do.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env, { requireSecret: false });
  if (!config.databaseUrl) throw new ConfigError(['DATABASE_URL is required: the embedded database migrates itself at start']);
  const logger = createLogger(config.logLevel, 'migrate');
  const database = connectPostgres(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database.db);
    logger.info({ applied }, applied.length ? `applied ${applied.length} migration(s)` : 'schema already current');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
