import { useEffect, useMemo, useRef } from 'react';
import { waveformChannels } from '../../lib/waveform';

interface WaveformCanvasProps {
  /** The track view's packed list-resolution waveform (`analysis.peaks`). */
  peaks: string;
  height: number;
  /** 0..1 of the track played, drawn in the accent colour. */
  progress?: number;
  /** Called with 0..1 of the width clicked; without it the waveform is only a picture. */
  onSeek?: (fraction: number) => void;
}

const PLAYED = '#7ee2a8';
const UNPLAYED = '#4b5d78';
const BAR = 2;
const GAP = 1;

/**
 * A card's waveform (spec §2: 120 px on hero cards, 96 on list rows), drawn from the server's
 * peaks through lib/waveform, never from the audio. Decorative for assistive technology: the
 * card's play button and the player's slider carry the meaning.
 */
export function WaveformCanvas({ peaks, height, progress = 0, onSeek }: WaveformCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const channels = useMemo(() => waveformChannels(peaks), [peaks]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const draw = () => {
      const width = canvas.clientWidth;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.max(1, Math.floor(width * ratio));
      canvas.height = Math.floor(height * ratio);
      const context = canvas.getContext('2d');
      if (!context) return;
      context.scale(ratio, ratio);
      const [top, bottom] = channels;
      const bars = Math.max(1, Math.floor(width / (BAR + GAP)));
      const middle = height / 2;
      for (let bar = 0; bar < bars; bar++) {
        const from = Math.floor((bar / bars) * top.length);
        const to = Math.max(from + 1, Math.floor(((bar + 1) / bars) * top.length));
        let up = 0;
        let down = 0;
        for (let i = from; i < to && i < top.length; i++) {
          up = Math.max(up, Math.abs(top[i]!));
          down = Math.max(down, Math.abs(bottom[i]!));
        }
        const x = bar * (BAR + GAP);
        context.fillStyle = x / width < progress ? PLAYED : UNPLAYED;
        context.fillRect(x, middle - Math.max(0.5, up * middle), BAR, Math.max(1, (up + down) * middle));
      }
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [channels, height, progress]);

  return (
    <div
      className={`waveform ${onSeek ? 'waveform--seekable' : ''}`}
      aria-hidden="true"
      onClick={onSeek ? (event) => {
        const box = event.currentTarget.getBoundingClientRect();
        onSeek(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
      } : undefined}
    >
      <canvas ref={canvasRef} style={{ width: '100%', height }} />
    </div>
  );
}
