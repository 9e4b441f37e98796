import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
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
 * names where it goes (and lets it be copied from there). The address is kept out of `href`: a
 * browser opens an href on its own for a middle click, a modified click, "open in new tab" or a
 * drag, and none of those reach a click handler. So every way of following it (any button, with
 * any modifier, or Enter from the keyboard) opens the warning, and the address shows as the
 * title on hover.
 */
export function ExternalLink({ url, children }: { url: string; children: ReactNode }) {
  if (!isWebUrl(url)) return <span>{children}</span>;
  const warn = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    openModal('externalLinkWarning', { url });
  };
  return (
    <a
      role="link"
      tabIndex={0}
      title={url}
      className="external-link"
      onClick={warn}
      onAuxClick={(event) => {
        if (event.button === 1) warn(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') warn(event);
      }}
    >
      {children}
    </a>
  );
}
