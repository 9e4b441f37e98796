import { cloudTags } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { PromptLine } from '../../../components/ui/prompt-line';
import type { TagUsage } from '../api/get-tag-cloud';
import { placeTags, ringsUsed } from '../cloud-layout';
import { resetTagOrder, shuffleTags, tagsStore } from '../store';
import { countOf } from '../../../utils/format';

/**
 * The tag cloud (spec §2): most used tags in the centre, bigger and brighter by use; a tag leads
 * to /explore/tracks?tag_ids={id}. On narrow screens the rings give way to a wrapped list.
 */
export function TagCloud({ tags }: { tags: readonly TagUsage[] }) {
  const { order } = useSnapshot(tagsStore);
  const cloud = cloudTags(tags);
  if (cloud.length === 0) {
    return (
      <>
        <PromptLine command="tags --cloud" />
        <p className="output output--muted">
          <span className="tag tag--wait">[..]</span> not enough tags yet: the cloud shows tags used on at least two tracks.
        </p>
      </>
    );
  }
  const placed = placeTags(cloud, order);
  return (
    <>
      <PromptLine command={`tags --cloud${order ? ' --shuffle' : ''}`} />
      {/* The cloud grows with the rings it fills: 2 tags sit close, 42 take the whole window. */}
      <ul className="cloud" aria-label="Tags, most used first" style={{ width: `min(100%, ${10 + 7 * ringsUsed(placed.length)}rem)` }}>
        {placed.map(({ tag, weight, ring, x, y }) => (
          <li key={tag.id} className={`cloud__tag cloud__tag--ring${ring}`} style={{ left: `${x}%`, top: `${y}%`, fontSize: `${0.8 + weight * 0.7}rem`, opacity: 0.65 + weight * 0.35 }}>
            <Link to={`/explore/tracks?tag_ids=${tag.id}`}>
              {tag.name}
              <span className="visually-hidden">, used on {countOf(tag.usage_count, 'track')}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="btn" onClick={() => shuffleTags(cloud.map((c) => c.tag.id))}>
          shuffle
        </button>
        <button type="button" className="btn" onClick={resetTagOrder} disabled={!order}>
          reset
        </button>
      </div>
    </>
  );
}
