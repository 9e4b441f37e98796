/**
 * The transcoder turns uploads into renditions and waveform peaks. Its job queue and ffmpeg
 * pipeline arrive with the media issue; the process already starts, connects and idles so
 * operators can deploy and scale it.
 */
export const TRANSCODER_QUEUE = 'STARDECK_TRANSCODE';
