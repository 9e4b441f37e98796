import type { DomainEvent, DomainEventType } from '@stardeck/contracts';
import type { EventSchema } from './types';

type FieldOf<T extends DomainEventType> = keyof Extract<DomainEvent, { type: T }>['data'] & string;

/**
 * One entry per domain event type, each naming its secret fields among the payload's own: a missing
 * type, a missing list or a misspelt field fails to compile.
 */
export type DomainEventSchemas = { readonly [T in DomainEventType]: EventSchema<FieldOf<T>> };

/**
 * Current schema version per event type, with the upcaster that lifts older payloads, and the
 * payload fields that stay on the write side. Every type starts at version 1; when a payload
 * changes, bump `current` and add `upcast`.
 */
export const EVENT_SCHEMAS: DomainEventSchemas = {
  AccountRegistered: { current: 1, secret: ['password_hash'] },
  AccountVerified: { current: 1, secret: [] },
  PasswordChanged: { current: 1, secret: ['password_hash'] },
  AccountRoleChanged: { current: 1, secret: [] },
  VerificationRequested: { current: 1, secret: [] },
  PasswordResetRequested: { current: 1, secret: [] },
  RegistrationAttempted: { current: 1, secret: [] },
  MemberTierChanged: { current: 1, secret: [] },
  EmailChangeRequested: { current: 1, secret: [] },
  EmailChanged: { current: 1, secret: [] },
  InviteCreated: { current: 1, secret: ['key'] },
  InviteRedeemed: { current: 1, secret: [] },
  InviteDeleted: { current: 1, secret: [] },
  AccessRequested: { current: 1, secret: [] },
  AccessRequestInvited: { current: 1, secret: [] },
  AccessRequestDeclined: { current: 1, secret: [] },
  TrackUploaded: { current: 1, secret: [] },
  TrackTranscoded: { current: 1, secret: [] },
  TrackTranscodeFailed: { current: 1, secret: [] },
  TrackUpdated: { current: 1, secret: [] },
  TrackArtworkChanged: { current: 1, secret: [] },
  TrackArtworkRemoved: { current: 1, secret: [] },
  TrackDeleted: { current: 1, secret: [] },
  TrackPlayed: { current: 1, secret: [] },
  ProfileBioChanged: { current: 1, secret: [] },
  DisplayNameChanged: { current: 1, secret: [] },
  UserConfigChanged: { current: 1, secret: [] },
  ProfileLinksReplaced: { current: 1, secret: [] },
  AvatarChanged: { current: 1, secret: [] },
  BannerChanged: { current: 1, secret: [] },
  UserSubscribed: { current: 1, secret: [] },
  UserUnsubscribed: { current: 1, secret: [] },
  TrackSaved: { current: 1, secret: [] },
  TrackUnsaved: { current: 1, secret: [] },
  CollectionCreated: { current: 1, secret: [] },
  CollectionUpdated: { current: 1, secret: [] },
  CollectionDeleted: { current: 1, secret: [] },
  CollectionTrackAdded: { current: 1, secret: [] },
  CollectionTrackRemoved: { current: 1, secret: [] },
  CollectionFollowed: { current: 1, secret: [] },
  CollectionUnfollowed: { current: 1, secret: [] },
  AlbumCreated: { current: 1, secret: [] },
  AlbumEdited: { current: 1, secret: [] },
  AlbumTracksArranged: { current: 1, secret: [] },
  AlbumDeleted: { current: 1, secret: [] },
  CommentPosted: { current: 1, secret: [] },
  CommentEdited: { current: 1, secret: [] },
  CommentDeleted: { current: 1, secret: [] },
  ChatMessagePosted: { current: 1, secret: [] },
  ChatMessageEdited: { current: 1, secret: [] },
  ChatMessageDeleted: { current: 1, secret: [] },
  ChatPresenceAnnounced: { current: 1, secret: [] },
  ConversationStarted: { current: 1, secret: [] },
  // A direct message is for its two members only: the relay and the inspector never carry its text.
  DirectMessageSent: { current: 1, secret: ['content'] },
  ConversationRead: { current: 1, secret: [] },
  NewsPostCreated: { current: 1, secret: [] },
  NewsPostUpdated: { current: 1, secret: [] },
  NewsPostDeleted: { current: 1, secret: [] },
  NotificationDismissed: { current: 1, secret: [] },
  NotificationsCleared: { current: 1, secret: [] },
  ContactMessageSent: { current: 1, secret: [] },
  ContactMessageRead: { current: 1, secret: [] },
  SubscriptionSynced: { current: 1, secret: [] },
};
