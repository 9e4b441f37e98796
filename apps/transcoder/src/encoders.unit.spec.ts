import { describe, expect, it } from 'vitest';
import { VIDEO_FILTER, expectedRenditionBytes, expectedVideoBytes, posterArgs, videoEncoderArgs } from './encoders';

const plan = { sourcePath: '/jobs/1/source.webm', sourceFormat: 'webm' as const, outputDir: '/jobs/1/out', maxSeconds: 181 };
const valueOf = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('video rendition arguments', () => {
  it('open the upload only with the demuxer of its sniffed container and only the file protocol', () => {
    const args = videoEncoderArgs(plan);
    const input = args.indexOf('-i');
    expect(args.slice(0, input)).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', 'matroska', '-f', 'matroska']);
    expect(args[input + 1]).toBe('file:/jobs/1/source.webm');
    const mov = videoEncoderArgs({ ...plan, sourceFormat: 'mp4', sourcePath: '/jobs/1/source.mp4' });
    expect(mov.slice(0, mov.indexOf('-i'))).toEqual(['-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov', '-enable_drefs', '0', '-use_absolute_path', '0']);
  });

  it('make H.264 and AAC in an MP4 with the moov in front, the picture (never cover art) cut at the planned length', () => {
    const args = videoEncoderArgs(plan);
    expect(args).toEqual(expect.arrayContaining(['-map', '0:V:0']));
    expect(valueOf(args, '-t')).toBe('181');
    expect(valueOf(args, '-c:v')).toBe('libx264');
    expect(valueOf(args, '-pix_fmt')).toBe('yuv420p');
    expect(valueOf(args, '-c:a')).toBe('aac');
    expect(valueOf(args, '-movflags')).toBe('+faststart');
    expect(valueOf(args, '-vf')).toBe(VIDEO_FILTER);
    expect(args.at(-1)).toBe('file:/jobs/1/out/video.mp4');
  });

  it('scale to square pixels within 1280×720, never up, to even sizes', () => {
    expect(VIDEO_FILTER).toContain("scale='trunc(iw*sar)':'ih'");
    expect(VIDEO_FILTER).toContain("scale='min(1280,iw)':'min(720,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2");
  });

  it('take the poster from our own rendition, one JPEG frame', () => {
    const args = posterArgs('/jobs/1/out', 1);
    expect(args.slice(0, args.indexOf('-i') + 2)).toEqual([
      '-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov', '-enable_drefs', '0', '-use_absolute_path', '0', '-ss', '1.000', '-i', 'file:/jobs/1/out/video.mp4',
    ]);
    expect(valueOf(args, '-frames:v')).toBe('1');
    expect(args.at(-1)).toBe('file:/jobs/1/out/poster.jpg');
  });

  it('count a video at its capped rate for the quota check before encoding', () => {
    expect(expectedVideoBytes(60)).toBe(Math.ceil((2628 * 1000 / 8) * 60) + 512 * 1024);
    expect(expectedVideoBytes(60)).toBeGreaterThan(expectedRenditionBytes(60));
  });
});
