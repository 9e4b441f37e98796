import { connectPglite, migrateToLatest, type DbHandle, type MailMessage, type StoredEvent } from '@stardeck/infra';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../accounts/one-time-links';
import type { Projection } from '../../kit/projection';
import { invitesProjection } from '../invites/invites.projection';
import { accessRequestsProjection } from '../access-requests/access-requests.projection';
import { usersProjection } from '../users/users.projection';
import { accountMailOutbox } from './account-mail.outbox';

const NOW = new Date('2026-03-01T12:00:00Z');
const USER = '00000000-0000-4000-8000-0000000000a1';
const ADMIN = '00000000-0000-4000-8000-0000000000a2';

let position = 0;
function event(type: string, data: object): StoredEvent {
  position += 1;
  return {
    global_position: position, transaction_id: String(position), stream_id: `spec-${position}`, stream_version: 1, type, schema_version: 1,
    data: data as Record<string, unknown>, metadata: { actor: 'system' },
    event_id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`, recorded_at: NOW,
  };
}

const registered = (id: string, email: string) => event('AccountRegistered', {
  user_id: id, email, username: email.split('@')[0], slug: email.split('@')[0], password_hash: 'h', role: 'member', tier: 'free', invite_id: null,
});

describe('account mail outbox', () => {
  let handle: DbHandle;
  let sent: MailMessage[];
  let failures: number;
  let outbox: Projection;

  const db = () => handle.db;
  /** Applies read-model events the way the inline projections would. */
  const project = async (projection: Projection, ...events: StoredEvent[]) => {
    await db().transaction().execute(async (tx) => {
      for (const e of events) await projection.apply(e, tx);
    });
  };
  const deliver = (e: StoredEvent) => outbox.deliver!(e, { db: db(), commit: (record) => db().transaction().execute(record) });
  const tokens = () => db().selectFrom('one_time_tokens').selectAll().orderBy('created_at').execute();

  beforeEach(async () => {
    if (!handle) {
      handle = await connectPglite(null);
      await migrateToLatest(handle.db);
    }
    for (const table of ['outbox_deliveries', 'one_time_tokens', 'invites', 'access_requests', 'users'] as const) await db().deleteFrom(table).execute();
    sent = [];
    failures = 0;
    outbox = accountMailOutbox({
      publicUrl: 'https://stardeck.test',
      clock: { now: () => NOW },
      mailer: {
        kind: 'dev-mailbox',
        send: async (message) => {
          if (failures > 0) {
            failures -= 1;
            throw new Error('mail server unavailable');
          }
          sent.push(message);
        },
      },
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('mails a verification link whose token is stored only as a hash, for 48 hours, and sends it once', async () => {
    const signup = registered(USER, 'nova@example.com');
    await project(usersProjection, signup);
    await deliver(signup);
    await deliver(signup);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'nova@example.com', subject: 'Verify your stardeck account' });
    const token = new URL(sent[0]!.link!).searchParams.get('token')!;
    expect(sent[0]!.link).toBe(`https://stardeck.test/verify-account?token=${token}`);
    expect(await tokens()).toMatchObject([
      { token_hash: sha256(token), user_id: USER, purpose: 'verify', used_at: null, expires_at: new Date(NOW.getTime() + 48 * 3600_000) },
    ]);
  });

  it('sends nothing to an account verified before its mail went out', async () => {
    const signup = registered(USER, 'nova@example.com');
    await project(usersProjection, signup, event('AccountVerified', { user_id: USER }));
    await deliver(signup);
    expect(sent).toEqual([]);
  });

  it('throws while the mailer fails and sends once it works, leaving one token for the mail', async () => {
    const signup = registered(USER, 'nova@example.com');
    await project(usersProjection, signup);
    failures = 2;
    await expect(deliver(signup)).rejects.toThrow('mail server unavailable');
    await expect(deliver(signup)).rejects.toThrow('mail server unavailable');
    await deliver(signup);
    expect(sent).toHaveLength(1);
    const token = new URL(sent[0]!.link!).searchParams.get('token')!;
    expect((await tokens()).map((row) => row.token_hash)).toEqual([sha256(token)]);
  });

  it('makes each newer reset link supersede the older ones', async () => {
    const signup = registered(USER, 'nova@example.com');
    await project(usersProjection, signup, event('AccountVerified', { user_id: USER }));
    await deliver(event('PasswordResetRequested', { user_id: USER }));
    await deliver(event('PasswordResetRequested', { user_id: USER }));
    expect(sent.map((m) => m.subject)).toEqual(['Reset your stardeck password', 'Reset your stardeck password']);
    const [older, newer] = sent.map((m) => sha256(new URL(m.link!).searchParams.get('token')!));
    const rows = await tokens();
    expect(rows.find((row) => row.token_hash === older)?.used_at).toEqual(NOW);
    expect(rows.find((row) => row.token_hash === newer)).toMatchObject({ used_at: null, purpose: 'reset', expires_at: new Date(NOW.getTime() + 3600_000) });
  });

  it('mails the invite key to the requester while the invite is unused', async () => {
    const requestId = '00000000-0000-4000-8000-0000000000b1';
    const inviteId = '00000000-0000-4000-8000-0000000000c1';
    await project(usersProjection, registered(ADMIN, 'admin@example.com'));
    await project(accessRequestsProjection, event('AccessRequested', { request_id: requestId, email: 'vega@example.com', url: 'https://vega.example', message: null }));
    await project(invitesProjection, event('InviteCreated', { invite_id: inviteId, key: '0123456789ab', inviter_id: ADMIN, access_request_id: requestId }));
    const invited = event('AccessRequestInvited', { request_id: requestId, invite_id: inviteId, admin_id: ADMIN });
    await project(accessRequestsProjection, invited);
    await deliver(invited);
    expect(sent).toMatchObject([{ to: 'vega@example.com', subject: 'Your stardeck invite', link: 'https://stardeck.test/invite?q=0123456789ab' }]);

    await project(invitesProjection, event('InviteDeleted', { invite_id: inviteId }));
    await deliver(event('AccessRequestInvited', { request_id: requestId, invite_id: inviteId, admin_id: ADMIN }));
    expect(sent).toHaveLength(1);
  });
});
