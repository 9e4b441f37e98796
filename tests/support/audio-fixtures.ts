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
  remove(): Promise<void>;
}

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
    remove: () => rm(dir, { recursive: true, force: true }),
  };
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
