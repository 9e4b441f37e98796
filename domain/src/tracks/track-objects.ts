import type { Logger, ObjectStorage } from '@stardeck/infra';

export interface TrackObjectKeys {
  source_key: string;
  artwork_key: string | null;
  renditions_prefix: string;
}

/**
 * Removes every object a track owned. Best effort after the commit: a failure leaves an orphan
 * object behind (logged), never a track pointing at missing bytes.
 */
export async function removeTrackObjects(storage: ObjectStorage, logger: Logger, keys: TrackObjectKeys): Promise<void> {
  const attempts = [
    storage.deletePrefix(keys.renditions_prefix),
    storage.delete(keys.source_key),
    ...(keys.artwork_key ? [storage.delete(keys.artwork_key)] : []),
  ];
  for (const result of await Promise.allSettled(attempts)) {
    if (result.status === 'rejected') logger.warn({ err: result.reason, keys }, 'track object cleanup failed');
  }
}
