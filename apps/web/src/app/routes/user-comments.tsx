import { ComingSoon } from '../../components/ui/coming-soon';
import { UserPageFrame, useUserPage } from './user-page-frame';

/**
 * /{username}/comments: the API has no list of one member's comments yet, so the page shows the
 * count from the profile and the plain not-built-yet answer.
 */
export function Component() {
  const { username, profile } = useUserPage();
  return (
    <UserPageFrame kind="comments" title="comments">
      {profile?.stats && <p className="output output--muted">{profile.stats.comments_count} comments</p>}
      <ComingSoon command={`profile --user ${username} --data comments`} />
    </UserPageFrame>
  );
}
