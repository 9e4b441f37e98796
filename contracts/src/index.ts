/** Everything client and server agree on, plus the server's request DTOs (class-validator rules). */
export * from './browser';
export * from './rules';
export * from './auth.dto';
export * from './tracks.dto';
export * from './admin.dto';
export * from './admin-console.dto';
export * from './member.dto';
export * from './profiles.dto';
export * from './social.dto';
export * from './albums.dto';
export * from './feeds.dto';
export * from './syndication.dto';
export * from './conversations.dto';
export * from './responses';
export * from './membership.dto';
export * from './sonar.dto';
