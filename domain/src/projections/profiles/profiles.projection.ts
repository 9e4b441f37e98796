import type { ProfileEvent } from '@stardeck/contracts';
import type { ProfilesTable, Tx } from '@stardeck/infra';
import type { Updateable } from 'kysely';
import { defineProjection } from '../../kit/projection';

type ProfileChange = Omit<Updateable<ProfilesTable>, 'user_id' | 'version'>;

/** Creates the member's row with the first change (members who never edit their profile have none). */
async function upsert(tx: Tx, event: { data: { user_id: string }; stream_version: number }, change: ProfileChange): Promise<void> {
  const values = { ...change, version: event.stream_version };
  await tx.insertInto('profiles').values({ user_id: event.data.user_id, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/**
 * Profile streams into `profiles`, inline: a member who saves a setting or a display name sees it
 * in the answer (`me`) and on the page that reloads right after.
 */
export const profilesProjection = defineProjection<ProfileEvent['type']>({
  name: 'profiles',
  kind: 'inline',
  tables: ['profiles'],
  handlers: {
    ProfileBioChanged: (event, tx) => upsert(tx, event, { bio: event.data.bio }),
    DisplayNameChanged: (event, tx) => upsert(tx, event, { display_name: event.data.display_name }),
    UserConfigChanged: (event, tx) => upsert(tx, event, { config: JSON.stringify(event.data.config) }),
    ProfileLinksReplaced: (event, tx) => upsert(tx, event, { links: JSON.stringify(event.data.links) }),
    AvatarChanged: (event, tx) => upsert(tx, event, { avatar_key: event.data.key, avatar_mimetype: event.data.mimetype }),
    BannerChanged: (event, tx) => upsert(tx, event, { banner_key: event.data.key, banner_mimetype: event.data.mimetype }),
  },
});
