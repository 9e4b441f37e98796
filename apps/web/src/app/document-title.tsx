import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { SITE_NAME, documentTitle, isRouteHandle } from './titles';

/** Keeps document.title on the innermost route's title (spec §2). */
export function DocumentTitle() {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => isRouteHandle(m.handle));
  const title = match && isRouteHandle(match.handle) ? documentTitle(match.handle, match.params, match.loaderData) : SITE_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
