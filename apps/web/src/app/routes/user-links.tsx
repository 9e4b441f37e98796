import { PromptLine } from '../../components/ui/prompt-line';
import { ExternalLink } from '../../features/profiles/components/external-link';
import { openModal } from '../../lib/modals/store';
import { truncateUrl } from '../../utils/format';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/** /{username}/links: the member's links (at most 10, so one page); each opens through the warning. */
export function Component() {
  const { username, own, profile } = useUserPage();
  const links = profile?.links ?? [];
  return (
    <UserPageFrame kind="links" title="links">
      <PromptLine command={`cat ~/${username}/links`} />
      {links.length === 0 ? (
        <Empty>{own ? 'you have no links yet.' : `@${username} has no links.`}</Empty>
      ) : (
        <ul className="link-list" aria-label="links">
          {links.map((link) => (
            <li key={link.id}>
              <ExternalLink url={link.url}>{link.title ?? truncateUrl(link.url)}</ExternalLink>
              {link.title && <span className="output--muted"> {truncateUrl(link.url)}</span>}
              {link.is_primary && <span className="tag tag--ok"> [primary]</span>}
            </li>
          ))}
        </ul>
      )}
      {own && (
        <div className="actions">
          <button type="button" className="btn btn--small" onClick={() => openModal('manageLinks')}>
            edit links
          </button>
        </div>
      )}
    </UserPageFrame>
  );
}
