import type { TrackView } from '@stardeck/contracts/browser';
import { useEffect, useState } from 'react';
import { TrackCard } from '../../../components/tracks/track-card';
import { getTrack } from '../api/tracks';

/**
 * The track a member pinned to the top of their profile (config pinned_track_id). It is opened
 * like any track, so one the viewer may not open (someone else's private track) shows nothing.
 */
export function PinnedTrack({ trackId }: { trackId: number | null }) {
  const [track, setTrack] = useState<TrackView | null>(null);
  useEffect(() => {
    setTrack(null);
    if (trackId === null) return;
    const controller = new AbortController();
    void getTrack(trackId, controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok) setTrack(result.envelope.data?.track ?? null);
    });
    return () => controller.abort();
  }, [trackId]);
  if (!track) return null;
  return (
    <section className="pinned-track" aria-label="pinned track">
      <p className="output output--muted">
        <span aria-hidden="true">📌 </span>pinned
      </p>
      <TrackCard track={track} />
    </section>
  );
}
