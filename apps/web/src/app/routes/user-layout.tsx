import { Outlet, useLoaderData, useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ProfileHeader } from '../../features/profiles/components/profile-header';
import { openInviteManager } from '../../features/invites/store';
import { memberRevision, revisions } from '../../lib/revisions/store';
import { useMe } from '../../lib/session/store';
import { useRevalidateOn } from '../use-revalidate-on';
import { isOwnProfile, type UserLayoutData } from '../user-loaders';

/**
 * Every /{username} page: the profile on top, the page below. A change made here (an edit, a
 * subscribe) reloads the profile and the list shown (spec §4 Subscribe), and so does a change
 * made elsewhere to this member's tracks (lib/revisions).
 */
export function Component() {
  const { profile, recentSubscribers, recentSubscriptions, recentSaves } = useLoaderData() as UserLayoutData;
  const me = useMe();
  const revalidator = useRevalidator();
  const own = isOwnProfile(profile.username, me);
  // An upload of this member's, finished in the upload dialog, shows in the counts, list and storage at once.
  useRevalidateOn(memberRevision(useSnapshot(revisions), profile.username));
  return (
    <>
      <div className="window">
        <div className="window__body">
          <ProfileHeader
            profile={profile}
            recents={{ subscribers: recentSubscribers, subscriptions: recentSubscriptions, saves: recentSaves }}
            own={own}
            motd={own ? me?.config.motd : null}
            onChanged={() => void revalidator.revalidate()}
            ownActions={
              <button type="button" className="btn btn--small" onClick={() => void openInviteManager()}>
                invites
              </button>
            }
          />
        </div>
      </div>
      <Outlet />
    </>
  );
}
