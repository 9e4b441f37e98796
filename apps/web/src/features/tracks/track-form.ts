import type { TrackVisibility } from '@stardeck/contracts/browser';
import type { ArtworkFields } from './api/tracks';

/** The fields upload and edit share. */
export interface TrackForm {
  title: string;
  description: string;
  /** Spec §4: the form defaults to public (the API, asked nothing, would make it private). */
  visibility: TrackVisibility;
  tags: string[];
  artwork: (ArtworkFields & { preview: string }) | null;
}

/** What the form fields read: the store's state or a snapshot of it. */
export interface TrackFormView {
  readonly title: string;
  readonly description: string;
  readonly visibility: TrackVisibility;
  readonly tags: readonly string[];
  readonly artwork: Readonly<TrackForm['artwork']>;
}

export const emptyTrackForm = (): TrackForm => ({ title: '', description: '', visibility: 'public', tags: [], artwork: null });
