import type { TrackView } from '@stardeck/contracts/browser';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getTrack } from '../features/tracks/api/tracks';
import { isSignedIn } from '../lib/session/store';

export interface ListenData {
  track: TrackView | null;
  path: string;
}

/**
 * The listen page's loader: a member goes on to the track's own page (spec: members use
 * /{username}/tracks/{id}); a visitor gets the track when its link opens it (public or unlisted,
 * ready, and owned by the member the URL names), and the page's missing state otherwise, with no
 * error toast: a visitor following a dead link has nothing to retry.
 */
export async function listenLoader({ params, request }: LoaderFunctionArgs): Promise<Response | ListenData> {
  const username = params.username ?? '';
  const trackId = params.trackId ?? '';
  if (isSignedIn()) return redirect(`/${encodeURIComponent(username)}/tracks/${trackId}`);
  const path = new URL(request.url).pathname;
  if (!/^[1-9]\d{0,15}$/.test(trackId)) return { track: null, path };
  const result = await getTrack(trackId, request.signal);
  const track = result.ok ? (result.envelope.data?.track ?? null) : null;
  const opens = track && track.status === 'ready' && track.visibility !== 'private' && track.username.toLowerCase() === username.toLowerCase();
  return { track: opens ? track : null, path };
}
