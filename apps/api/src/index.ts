export * from './create-app';
export * from './server';
export * from './common/api-error';
export * from './common/envelope';
export { TracksRepository, UploadSweeper } from './tracks';
export { CollectionsRepository, collectionSearch } from './collections';
export { MAIL_REQUEST_ANSWER_MS } from './accounts';
export { MembersRepository, type MemberFilter } from './profiles';
export { localFirstPostgresAdapter } from './realtime/realtime-adapter';
