#!/usr/bin/env node
// Transcode cost: one full job through the pipeline (standard + high MP3, FLAC, peaks, from a
// lossless source) against a plain single `ffmpeg -i src.wav -c:a libmp3lame -b:a 128k` pass.
// Each runs 3 times, alternating; the medians and their ratio are printed, with the load average
// before and after (other work on the machine skews the pipeline's two processes more than the
// single pass). Needs `npm run build` first.
//   node bench/transcode.mjs [minutes=10]
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaries, transcodeAudio, withJobDirectory } from '@stardeck/transcoder';

const run = promisify(execFile);
const minutes = Number(process.argv[2] || 10);
const RUNS = 3;
const binaries = ffmpegBinaries();
const work = await mkdtemp(join(tmpdir(), 'stardeck-bench-'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

try {
  const source = join(work, 'src.wav');
  // A chord with a slow sweep so the encoders see changing, musical-ish content, not one tone.
  const seconds = minutes * 60;
  await run(binaries.ffmpeg, ['-v', 'error', '-y',
    '-f', 'lavfi', '-i', `aevalsrc=0.3*sin(2*PI*(220+110*sin(2*PI*t/30))*t)+0.2*sin(2*PI*330*t)|0.3*sin(2*PI*(277+90*sin(2*PI*t/20))*t)+0.2*sin(2*PI*440*t):s=44100:d=${seconds}`,
    '-c:a', 'pcm_s16le', source]);

  const loadBefore = loadavg()[0];
  const pipeline = [];
  const plain = [];
  for (let i = 0; i < RUNS; i++) {
    plain.push(await time(() => run(binaries.ffmpeg, ['-v', 'error', '-y', '-i', source, '-c:a', 'libmp3lame', '-b:a', '128k', join(work, 'plain.mp3')])));
    pipeline.push(await time(() => withJobDirectory(join(work, 'jobs'), async (dir) => {
      await mkdir(join(dir, 'out'));
      await transcodeAudio({ sourcePath: source, format: 'wav', lossless: true, outputDir: join(dir, 'out') });
    })));
  }
  const p = median(pipeline);
  const b = median(plain);
  console.log(`source: ${minutes} min stereo 44.1 kHz WAV; ffmpeg from ${binaries.source} (${binaries.ffmpeg})`);
  console.log(`full job (128k + 320k MP3, FLAC, peaks): median ${p.toFixed(2)} s  [${pipeline.map((s) => s.toFixed(2)).join(', ')}]`);
  console.log(`plain single 128k MP3 pass:              median ${b.toFixed(2)} s  [${plain.map((s) => s.toFixed(2)).join(', ')}]`);
  console.log(`ratio: ${(p / b).toFixed(2)}x (goal at most 1.3x); 1-minute load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
} finally {
  await rm(work, { recursive: true, force: true });
}
