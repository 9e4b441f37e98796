import type { ReactNode } from 'react';
import { openModal } from '../../../lib/modals/store';

/** Only web addresses are ever linked; anything else a member typed is shown as text. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A member-supplied link (spec §2): following it opens the externalLinkWarning modal first, which
 * names where it goes. The href stays, so the address can still be read and copied.
 */
export function ExternalLink({ url, children }: { url: string; children: ReactNode }) {
  if (!isWebUrl(url)) return <span>{children}</span>;
  return (
    <a
      href={url}
      rel="noopener noreferrer nofollow"
      onClick={(event) => {
        event.preventDefault();
        openModal('externalLinkWarning', { url });
      }}
    >
      {children}
    </a>
  );
}
