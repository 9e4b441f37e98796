import type { EventSchema } from './types';

/**
 * Current schema version per event type, with the upcaster that lifts older payloads. Every type
 * starts at version 1; when a payload changes, bump `current` and add `upcast`.
 */
export const EVENT_SCHEMAS: Record<string, EventSchema> = {
  AccountRegistered: { current: 1 },
  AccountVerified: { current: 1 },
  PasswordChanged: { current: 1 },
  AccountRoleChanged: { current: 1 },
  InviteCreated: { current: 1 },
  InviteRedeemed: { current: 1 },
  InviteDeleted: { current: 1 },
  AccessRequested: { current: 1 },
  AccessRequestInvited: { current: 1 },
  TrackUploaded: { current: 1 },
  TrackTranscoded: { current: 1 },
  TrackTranscodeFailed: { current: 1 },
  TrackUpdated: { current: 1 },
  TrackArtworkChanged: { current: 1 },
  TrackArtworkRemoved: { current: 1 },
  TrackDeleted: { current: 1 },
  TrackPlayed: { current: 1 },
};
