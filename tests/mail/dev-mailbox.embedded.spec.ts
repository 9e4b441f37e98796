import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DevMailbox, createLogger, type DbHandle } from '@stardeck/infra';
import { afterAll } from 'vitest';
import { openTemplateDatabase } from '../support/embedded';
import { mailerContract } from './mailer-contract';

const logger = createLogger('silent', 'test');
const dir = mkdtempSync(join(tmpdir(), 'stardeck-mailbox-'));
// One database for the file (opening one takes seconds); each test starts from an empty mailbox.
let database: Promise<DbHandle> | null = null;
afterAll(async () => {
  if (database) await (await database).close();
  rmSync(dir, { recursive: true, force: true });
});

// Embedded mode's mailer: mail kept in the database for admins to read.
mailerContract('dev mailbox', async () => {
  const { db } = await (database ??= openTemplateDatabase(join(dir, 'live')));
  await db.deleteFrom('dev_mail').execute();
  const mailbox = new DevMailbox(db, logger);
  return {
    mailer: mailbox,
    delivered: async () => (await mailbox.list(100, 0)).reverse().map((row) => ({ recipients: [row.to_address], subject: row.subject, text: row.text_body })),
    broken: async () => {
      const closed = await openTemplateDatabase(join(dir, 'closed'));
      await closed.close();
      return new DevMailbox(closed.db, logger);
    },
    stop: async () => undefined,
  };
});
