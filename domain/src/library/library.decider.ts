import type { LibraryEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

/** The track as the saver may see it at the time of the command; null when it is missing or hidden from them. */
export interface SavableTrack {
  owner_id: string;
}

export type LibraryCommand =
  | { type: 'SaveTrack'; user_id: string; track_id: number; track: SavableTrack | null }
  | { type: 'UnsaveTrack'; user_id: string; track_id: number };

export type LibraryEntryState = { saved: false } | { saved: true; track_owner_id: string };

export const LibraryErrors = { trackNotFound: 'library_track_not_found' } as const;
export type LibraryErrorCode = (typeof LibraryErrors)[keyof typeof LibraryErrors];

/**
 * One member's entry for one track. Saving twice or removing what is not saved changes nothing,
 * so repeated and parallel requests all answer alike. A track the member may not see cannot be
 * saved, and answers like a missing one.
 */
export const libraryDecider: Decider<LibraryCommand, LibraryEvent, LibraryEntryState, LibraryErrorCode> = {
  initialState: () => ({ saved: false }),

  decide(command, state) {
    switch (command.type) {
      case 'SaveTrack':
        if (!command.track) return new DomainError<LibraryErrorCode>(LibraryErrors.trackNotFound, 'Track not found');
        if (state.saved) return [];
        return [{ type: 'TrackSaved', data: { user_id: command.user_id, track_id: command.track_id, track_owner_id: command.track.owner_id } }];
      case 'UnsaveTrack':
        if (!state.saved) return [];
        return [{ type: 'TrackUnsaved', data: { user_id: command.user_id, track_id: command.track_id, track_owner_id: state.track_owner_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'TrackSaved':
        return { saved: true, track_owner_id: event.data.track_owner_id };
      case 'TrackUnsaved':
        return { saved: false };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
