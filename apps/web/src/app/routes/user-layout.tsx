import { Outlet, useLoaderData, useRevalidator } from 'react-router';
import { ProfileHeader } from '../../features/profiles/components/profile-header';
import { openInviteManager } from '../../features/invites/store';
import { useMe } from '../../lib/session/store';
import { isOwnProfile, type UserLayoutData } from '../user-loaders';

/**
 * Every /{username} page: the profile on top, the page below. A change made here (an edit, a
 * subscribe) reloads the profile and the list shown (spec §4 Subscribe).
 */
export function Component() {
  const { profile, recentSubscribers } = useLoaderData() as UserLayoutData;
  const me = useMe();
  const revalidator = useRevalidator();
  const own = isOwnProfile(profile.username, me);
  return (
    <>
      <div className="window">
        <div className="window__body">
          <ProfileHeader
            profile={profile}
            recentSubscribers={recentSubscribers}
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
