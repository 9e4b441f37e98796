/**
 * The browser-safe part of the contracts: types, constants, messages and pure rules. Nothing here
 * imports a validation library or reflect-metadata, so the web bundle stays small; the server's
 * request DTOs (class-validator) are added by the full entry, `index.ts`.
 */
export * from './limits';
export * from './messages';
export * from './envelope';
export * from './events';
export * from './display-name';
export * from './pixel-artwork';
export * from './track-events';
export * from './track-messages';
export * from './track-rules';
export * from './account-rules';
export * from './account-forms';
export * from './tag-cloud';
export * from './streaming-quality';
export * from './track-view';
export * from './peaks';
export * from './player';
export * from './safe-input';
export * from './profile-events';
export * from './profile-rules';
export * from './profile-view';
export * from './social-events';
export * from './social-messages';
export * from './social-rules';
export * from './social-view';
export * from './album-events';
export * from './album-rules';
export * from './album-view';
export * from './feed-rules';
export * from './feed-view';
export * from './notification-events';
export * from './notification-view';
export * from './syndication-rules';
export * from './sonar';
export * from './sonar-events';
export * from './membership';
export * from './membership-events';
export * from './conversations';
export * from './conversation-events';
export * from './news';
export * from './news-events';
export * from './admin-console';
export * from './reserved-names';
