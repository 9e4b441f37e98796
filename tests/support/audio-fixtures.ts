import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaries } from '@stardeck/transcoder';

const run = promisify(execFile);

export const FIXTURE_FORMATS = ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a'] as const;
export type FixtureFormat = (typeof FIXTURE_FORMATS)[number];

/** Encoder settings per upload format; `aac` is raw ADTS, as browsers and phones export it. */
const ENCODE: Record<FixtureFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k'],
  wav: ['-c:a', 'pcm_s16le'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '4'],
  aac: ['-c:a', 'aac', '-b:a', '160k', '-f', 'adts'],
  flac: ['-c:a', 'flac'],
  m4a: ['-c:a', 'aac', '-b:a', '160k'],
};

export type PlaylistKind = 'hls' | 'ffconcat';

/** An ID3v2.4 tag of `bodyBytes` zero bytes (padding): its size is a 28-bit "syncsafe" number. */
function id3Tag(bodyBytes: number): Buffer {
  const size = [21, 14, 7, 0].map((shift) => (bodyBytes >> shift) & 0x7f);
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, ...size]), Buffer.alloc(bodyBytes)]);
}

const PLAYLISTS: Record<PlaylistKind, (target: string) => string> = {
  hls: (target) => `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10.0,\n${target}\n#EXT-X-ENDLIST\n`,
  ffconcat: (target) => `ffconcat version 1.0\nfile ${target}\n`,
};

export interface AudioFixtures {
  dir: string;
  /** Seconds of tone at the start of every clip (amplitude 0.5), followed by as much silence. */
  toneSeconds: number;
  durationSeconds: number;
  make(format: FixtureFormat, options?: { seconds?: number }): Promise<string>;
  /** A FLAC file cut off after a third of its bytes: the header still promises the full length. */
  truncatedFlac(): Promise<string>;
  /** Text bytes in a file named .mp3. */
  notAudio(): Promise<string>;
  /**
   * Digital silence as FLAC: a few hundred KB for many minutes. `streamed` writes it through a
   * pipe, so its header states no length and only decoding finds out how long it is.
   */
  silentFlac(seconds: number, options?: { streamed?: boolean }): Promise<string>;
  /**
   * An MP3 from the outside: an ID3 tag longer than the 4096 bytes a preflight sees, followed by
   * an HLS playlist or an ffconcat script naming `target`, which ffmpeg follows if it is left to
   * guess the format.
   */
  playlistBehindId3(kind: PlaylistKind, target: string): Promise<string>;
  /**
   * A video with sound: ffmpeg's test pattern (H.264 in MP4 and MOV and MKV, VP8 in WebM) and a
   * 440 Hz tone, 3 s of 640×360 unless told. `pictureSeconds` makes the picture run on past the sound.
   */
  video(format: VideoFixtureFormat, options?: VideoFixtureOptions): Promise<string>;
  remove(): Promise<void>;
}

export type VideoFixtureFormat = 'mp4' | 'mov' | 'webm' | 'mkv';
export interface VideoFixtureOptions {
  width?: number;
  height?: number;
  seconds?: number;
  /** Frames a second; few keep large frames cheap to make. */
  rate?: number;
  pictureSeconds?: number;
}

/** Video codecs per container: what a phone, a camera or a browser recording would hold. */
const VIDEO_ENCODE: Record<VideoFixtureFormat, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  mkv: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'],
};

/** Makes audio with ffmpeg during the test (lavfi sine plus silence): nothing is downloaded. */
export async function createAudioFixtures(): Promise<AudioFixtures> {
  const dir = await mkdtemp(join(tmpdir(), 'stardeck-fixtures-'));
  const { ffmpeg } = ffmpegBinaries();
  const toneSeconds = 2;
  const generate = async (file: string, seconds: number, encode: string[], source = 'tone') => {
    const signal = source === 'tone'
      ? `sine=frequency=440:sample_rate=44100:duration=${seconds / 2},volume=4,apad=whole_dur=${seconds}`
      : `anoisesrc=sample_rate=44100:duration=${seconds}:amplitude=0.5`;
    await run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', signal, '-ac', '2', ...encode, file]);
    return file;
  };
  return {
    dir,
    toneSeconds,
    durationSeconds: toneSeconds * 2,
    make: (format, options = {}) => generate(join(dir, `clip-${options.seconds ?? 4}s.${format}`), options.seconds ?? toneSeconds * 2, ENCODE[format]),
    truncatedFlac: async () => {
      const whole = await generate(join(dir, 'noise.flac'), 20, ENCODE.flac, 'noise');
      const bytes = await readFile(whole);
      const cut = join(dir, 'truncated.flac');
      await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 3)));
      return cut;
    },
    notAudio: async () => {
      const file = join(dir, 'not-audio.mp3');
      await writeFile(file, 'This is a text file with an audio name.\n'.repeat(200));
      return file;
    },
    silentFlac: async (seconds, options = {}) => {
      const file = join(dir, `silence-${seconds}s${options.streamed ? '-streamed' : ''}.flac`);
      const output = options.streamed ? ['-f', 'flac', 'pipe:1'] : [file];
      const { stdout } = await run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', String(seconds), '-c:a', 'flac', ...output], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
      if (options.streamed) await writeFile(file, stdout);
      return file;
    },
    playlistBehindId3: async (kind, target) => {
      const file = join(dir, `${kind}-behind-id3-${randomUUID()}.mp3`);
      await writeFile(file, Buffer.concat([id3Tag(8000), Buffer.from(PLAYLISTS[kind](target))]));
      return file;
    },
    video: async (format, options = {}) => {
      const { width = 640, height = 360, seconds = 3, rate = 25 } = options;
      const pictureSeconds = options.pictureSeconds ?? seconds;
      const file = join(dir, `video-${width}x${height}-${seconds}s-${pictureSeconds}s-${rate}fps.${format}`);
      await run(ffmpeg, [
        '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${rate}:duration=${pictureSeconds}`,
        '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, ...VIDEO_ENCODE[format], file,
      ]);
      return file;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The top-level boxes of an MP4 in file order: `moov` before `mdat` is what `+faststart` makes. */
export async function topLevelBoxes(path: string): Promise<string[]> {
  const bytes = await readFile(path);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(offset);
    boxes.push(bytes.toString('latin1', offset + 4, offset + 8));
    if (size === 1) size = Number(bytes.readBigUInt64BE(offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

export interface ProbedVideo {
  codec: string;
  width: number;
  height: number;
  duration: number;
  /** Codec of the sound beside the picture, if any. */
  audioCodec: string | null;
}

/** The first picture stream of a file as ffprobe reads it. */
export async function probeVideo(path: string): Promise<ProbedVideo> {
  const { ffprobe } = ffmpegBinaries();
  const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height:format=duration', '-of', 'json', path]);
  const data = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
  const picture = data.streams.find((s) => s.codec_type === 'video')!;
  const sound = data.streams.find((s) => s.codec_type === 'audio');
  return { codec: picture.codec_name, width: picture.width!, height: picture.height!, duration: Number(data.format.duration), audioCodec: sound?.codec_name ?? null };
}

export interface ProbedFile {
  duration: number;
  bitrate: number;
  codec: string;
  sampleRate: number;
}

export async function probeFile(path: string): Promise<ProbedFile> {
  const { ffprobe } = ffmpegBinaries();
  const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,bit_rate:format=duration,bit_rate', '-of', 'json', path]);
  const data = JSON.parse(stdout) as { streams: { codec_name: string; sample_rate: string; bit_rate?: string }[]; format: { duration: string; bit_rate: string } };
  const stream = data.streams[0]!;
  return { duration: Number(data.format.duration), bitrate: Number(stream.bit_rate ?? data.format.bit_rate), codec: stream.codec_name, sampleRate: Number(stream.sample_rate) };
}
