import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Loads the route's data again whenever `revision` moves (lib/revisions): the page follows what
 * changed elsewhere in the app (an upload, a comment in the footer player) without a reload.
 */
export function useRevalidateOn(revision: number): void {
  const revalidator = useRevalidator();
  const seen = useRef(revision);
  useEffect(() => {
    if (revision === seen.current) return;
    seen.current = revision;
    void revalidator.revalidate();
  }, [revision, revalidator]);
}
