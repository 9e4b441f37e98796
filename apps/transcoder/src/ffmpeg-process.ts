import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { ffmpegBinaries } from './ffmpeg-binaries';

/** How an ffmpeg process ended, with the last lines it wrote to stderr (its error messages). */
export interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  spawnError?: Error;
  /** True when this process was stopped by `kill()` (cancellation, or its partner failed). */
  killedByUs: boolean;
  stderr: string;
}

export const succeeded = (exit: FfmpegExit) => exit.code === 0 && !exit.spawnError;

/** Flags every process gets: quiet stderr except errors, machine-readable progress on stderr. */
export const COMMON_FLAGS = ['-hide_banner', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:2', '-y'];

/** The key=value lines `-progress` writes; everything else on stderr is a message worth keeping. */
const PROGRESS_LINE = /^(frame|fps|stream_\d+_\d+_q|bitrate|total_size|out_time(_us|_ms)?|dup_frames|drop_frames|speed|progress)=/;
const KEPT_LINES = 20;

/**
 * One ffmpeg child process: reports the output time it has reached, keeps the tail of its error
 * messages, and resolves `exited` once it is gone and its stderr is read to the end.
 */
export class FfmpegProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<FfmpegExit>;
  private readonly lines: string[] = [];
  private partial = '';
  private killed = false;
  private done = false;

  constructor(
    readonly label: string,
    args: string[],
    stdio: StdioOptions,
    onTime: (seconds: number) => void,
  ) {
    this.child = spawn(ffmpegBinaries().ffmpeg, [...COMMON_FLAGS, ...args], { stdio });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => {
      const lines = (this.partial + text).split(/\r?\n/);
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        const time = /^out_time_us=(\d+)$/.exec(line);
        if (time) onTime(Number(time[1]) / 1e6);
        else if (line.trim() && !PROGRESS_LINE.test(line)) this.keep(line);
      }
    });
    this.exited = new Promise<FfmpegExit>((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => {
        if (this.done) return;
        this.done = true;
        if (this.partial.trim() && !PROGRESS_LINE.test(this.partial)) this.keep(this.partial);
        resolve({ code, signal, spawnError, killedByUs: this.killed, stderr: this.lines.join('\n') });
      };
      this.child.once('error', (error) => finish(null, null, error));
      this.child.once('close', (code, signal) => finish(code, signal));
    });
  }

  get running(): boolean {
    return !this.done && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: ffmpeg's output files are thrown away with the job directory anyway. */
  kill(): void {
    if (!this.running) return;
    this.killed = true;
    this.child.kill('SIGKILL');
  }

  private keep(line: string): void {
    this.lines.push(line.trim());
    if (this.lines.length > KEPT_LINES) this.lines.shift();
  }
}

/** A one-line account of a failed process, for logs and retried errors. */
export function describeExit(label: string, exit: FfmpegExit): string {
  const how = exit.spawnError ? `could not start (${exit.spawnError.message})` : exit.signal ? `was killed with signal ${exit.signal}` : `exited with code ${exit.code}`;
  const said = exit.stderr.trim().split('\n').slice(-5).join(' | ');
  return `ffmpeg ${label} ${how}${said ? `: ${said}` : ''}`;
}
