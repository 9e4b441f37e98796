import { proxy } from 'valtio';
import { shuffled } from './cloud-layout';

/**
 * The tag cloud's own state: the order its tags are seated in. The tags themselves come from the
 * route's preload (app/router.tsx), so the store holds no copy of them.
 */
export const tagsStore = proxy<{ order: number[] | null }>({ order: null });

/** Spec §2: shuffle re-places the tags. */
export function shuffleTags(ids: readonly number[]): void {
  tagsStore.order = shuffled(ids);
}

/** Back to most used in the centre. */
export function resetTagOrder(): void {
  tagsStore.order = null;
}

export function reset(): void {
  tagsStore.order = null;
}
