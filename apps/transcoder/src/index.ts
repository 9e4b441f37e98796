/** The transcoder: upload → renditions (standard, high, flac) and waveform peaks, via a job queue. */
export * from './ffmpeg-binaries';
export * from './input-format';
export * from './job-directory';
export * from './lame-tag';
export * from './outcome-sink';
export * from './peaks';
export * from './pipeline';
export * from './probe';
export * from './transcode-error';
export * from './worker';
export * from './transcoder-role';
export * from './video-files';
