export * from './create-app';
export * from './server';
export * from './common/api-error';
export * from './common/envelope';
export { TrackOutcomeSink } from './tracks/transcode-outcome.sink';
export { UploadSweeper } from './tracks/upload-sweeper';
