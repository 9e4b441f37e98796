import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from: the system's PATH, or the npm packages shipped as a fallback. */
  source: 'path' | 'npm';
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** The npm-shipped static build; required lazily so a machine with ffmpeg on PATH never loads it. */
function shipped(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  // A static import would load both packages (and their platform lookup) on every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require(pkg) as { path: string }).path;
}

let resolved: FfmpegBinaries | null = null;

/**
 * A system ffmpeg wins over the npm-shipped one: distributions build it against current codec
 * libraries and it measured about four times faster here; the npm binaries make the transcoder
 * work on a bare machine. FFMPEG_PATH and FFPROBE_PATH override both.
 */
export function ffmpegBinaries(): FfmpegBinaries {
  if (resolved) return resolved;
  const systemFfmpeg = process.env.FFMPEG_PATH || onPath('ffmpeg');
  const systemFfprobe = process.env.FFPROBE_PATH || onPath('ffprobe');
  resolved = {
    ffmpeg: systemFfmpeg ?? shipped('@ffmpeg-installer/ffmpeg'),
    ffprobe: systemFfprobe ?? shipped('@ffprobe-installer/ffprobe'),
    source: systemFfmpeg && systemFfprobe ? 'path' : 'npm',
  };
  ffmpeg.setFfmpegPath(resolved.ffmpeg);
  ffmpeg.setFfprobePath(resolved.ffprobe);
  return resolved;
}
