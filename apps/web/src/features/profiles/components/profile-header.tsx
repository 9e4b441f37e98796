import { displayName, type UserProfile } from '@stardeck/contracts/browser';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSnapshot } from 'valtio';
import { openModal } from '../../../lib/modals/store';
import { formatBytes, formatCount, formatLongDate, truncateUrl } from '../../../utils/format';
import { changeSubscription, profilesStore } from '../store';
import { Avatar } from './avatar';
import { ExternalLink } from './external-link';
import { ProfileRecents, type ProfileRecentsData } from './profile-recents';
import '../profiles.css';

/** The user pages of spec §2, in the order the profile lists them. */
export const USER_PAGES = [
  ['', 'tracks'],
  ['library', 'library'],
  ['albums', 'albums'],
  ['collections', 'collections'],
  ['followed-collections', 'followed'],
  ['comments', 'comments'],
  ['subscribers', 'subscribers'],
  ['subscriptions', 'subscriptions'],
  ['history', 'history'],
  ['links', 'links'],
] as const;

interface ProfileHeaderProps {
  profile: UserProfile;
  recents: ProfileRecentsData;
  own: boolean;
  /** Reloads the profile and the page's list after a change (spec §4 Subscribe). */
  onChanged: () => void;
  /** Owner-only actions the app adds (the invites manager lives in another feature). */
  ownActions?: ReactNode;
  /** The member's message of the day, shown to them on their own profile. */
  motd?: string | null;
}

/**
 * The top of every user page: banner, avatar, names, bio, stats, primary link, subscribe; on
 * one's own profile (spec §6: same username) the edit buttons that open the profile modals.
 */
export function ProfileHeader({ profile, recents, own, onChanged, ownActions, motd }: ProfileHeaderProps) {
  const { subscribing } = useSnapshot(profilesStore);
  const name = displayName(profile);
  const primary = profile.links.find((link) => link.is_primary);
  const toggleSubscription = async () => {
    if (await changeSubscription(profile.username, !profile.is_subscribed)) onChanged();
  };
  return (
    <header className="profile">
      {profile.banner && <img className="profile__banner" src={profile.banner} alt="" />}
      <div className="profile__identity">
        <Avatar user={profile} size={96} />
        <div>
          <p className="profile__name">{name}</p>
          <p className="output--muted">
            @{profile.username} · joined {formatLongDate(profile.created)}
          </p>
          {primary && (
            <p>
              <ExternalLink url={primary.url}>{primary.title ?? truncateUrl(primary.url)}</ExternalLink>
            </p>
          )}
        </div>
      </div>
      {own && motd && <p className="output output--ok">motd: {motd}</p>}
      {profile.bio ? <p className="profile__bio">{profile.bio}</p> : <p className="output output--muted">{own ? 'no bio yet.' : 'no bio.'}</p>}
      {profile.stats && (
        <dl className="profile__stats" aria-label="stats">
          <dt>tracks</dt>
          <dd>{formatCount(profile.stats.audio_count)}</dd>
          <dt>saved</dt>
          <dd>{formatCount(profile.stats.library_count)}</dd>
          <dt>comments</dt>
          <dd>{formatCount(profile.stats.comments_count)}</dd>
          <dt>subscribers</dt>
          <dd>{formatCount(profile.stats.subscriber_count)}</dd>
          <dt>subscriptions</dt>
          <dd>{formatCount(profile.stats.subscription_count)}</dd>
        </dl>
      )}
      {profile.storage_used !== null && profile.limits && (
        <p className="profile__storage">
          <label>
            storage{' '}
            <meter min={0} max={profile.limits.storage} value={Math.min(profile.storage_used, profile.limits.storage)} high={profile.limits.storage * 0.9}>
              {formatBytes(profile.storage_used)}
            </meter>
          </label>{' '}
          <span className="output--muted">
            {formatBytes(profile.storage_used)} of {formatBytes(profile.limits.storage)} used
          </span>
        </p>
      )}
      <div className="actions">
        {own ? (
          <>
            <button type="button" className="btn btn--small" onClick={() => openModal('manageBio')}>edit bio</button>
            <button type="button" className="btn btn--small" onClick={() => openModal('manageDisplayName')}>edit display name</button>
            <button type="button" className="btn btn--small" onClick={() => openModal('manageAvatar')}>change avatar</button>
            <button type="button" className="btn btn--small" onClick={() => openModal('manageBanner')}>change banner</button>
            <button type="button" className="btn btn--small" onClick={() => openModal('manageLinks')}>edit links</button>
            <button type="button" className="btn btn--small" onClick={() => openModal('manageConfig')}>settings</button>
            {ownActions}
          </>
        ) : (
          <>
            <button
              type="button"
              className={`btn ${profile.is_subscribed ? '' : 'btn--primary'}`}
              onClick={() => void toggleSubscription()}
              disabled={subscribing !== null}
            >
              {subscribing === profile.username ? 'working...' : profile.is_subscribed ? 'unsubscribe' : 'subscribe'}
              <span className="visually-hidden"> {profile.username}</span>
            </button>
            <button type="button" className="btn" onClick={() => openModal('sendMessage', { recipientUsername: profile.username })}>
              {profile.has_conversation ? 'message again' : 'message'}
              <span className="visually-hidden"> {profile.username}</span>
            </button>
          </>
        )}
      </div>
      <ProfileRecents {...recents} />
      <nav className="profile__tabs" aria-label={`${profile.username}'s pages`}>
        <ul>
          {USER_PAGES.map(([path, label]) => (
            <li key={label}>
              <NavLink to={path ? `/${profile.username}/${path}` : `/${profile.username}`} end className="profile__tab">
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
