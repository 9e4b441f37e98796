export * from './envelope.schema';
export * from './profile.schema';
export * from './account.schema';
export * from './track.schema';
export * from './admin.schema';
export * from './social.schema';
export * from './feed.schema';
export * from './notification.schema';
