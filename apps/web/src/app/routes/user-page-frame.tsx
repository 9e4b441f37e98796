import type { ReactNode } from 'react';
import { useParams, useRouteLoaderData } from 'react-router';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { useMe } from '../../lib/session/store';
import { isOwnProfile, type UserLayoutData } from '../user-loaders';

/** Who the user page is about, and whether it is the signed-in member's own. */
export function useUserPage() {
  const { username = '' } = useParams();
  const me = useMe();
  const layout = useRouteLoaderData('user') as UserLayoutData | undefined;
  return { username, own: isOwnProfile(username, me), profile: layout?.profile ?? null };
}

/** The window of a user page, titled `{username} · {title}` like the document (spec §2). */
export function UserPageFrame({ kind, title, children }: { kind: string; title: string; children: ReactNode }) {
  const { username } = useParams();
  return (
    <TerminalWindow path={`~/${username}/${kind}`} title={`${username} · ${title}`}>
      {children}
    </TerminalWindow>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="output output--muted empty-state">{children}</p>;
}
