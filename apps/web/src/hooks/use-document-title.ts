import { useEffect } from 'react';

export const SITE_NAME = 'stardeck';

/** Spec §2: the document title reads '{title} | {site}'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}
