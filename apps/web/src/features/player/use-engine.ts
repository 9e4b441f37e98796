import { useEffect, useRef, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import WaveSurfer from './wavesurfer';
import { ended, player, registerEngine, reportError, reportPlaying, reportProgress, reportReady } from '../../lib/player/store';
import { getPeaks } from '../../lib/player/api/get-peaks';
import { waveformChannels } from '../../lib/waveform';

/** Spec §9 waveform defaults: sample rate 8000 (wavesurfer.js caps each canvas at 8000 px itself). */
const SAMPLE_RATE = 8000;

/**
 * The footer player's audio: wavesurfer.js on a media element that streams the signed URL. The
 * waveform comes from the server's peaks and duration, so wavesurfer never fetches or decodes
 * the file to draw it. The store commands it through the registered engine; it reports back.
 */
export function useEngine(container: RefObject<HTMLDivElement | null>, height: number): void {
  const surfer = useRef<WaveSurfer | null>(null);
  const { source, volume, rate, preservePitch } = useSnapshot(player);

  useEffect(() => {
    if (!container.current) return;
    const media = new Audio();
    media.preload = 'auto';
    const ws = WaveSurfer.create({
      container: container.current,
      media,
      height,
      waveColor: '#4b5d78',
      progressColor: '#7ee2a8',
      cursorColor: '#8ec5ff',
      barWidth: 2,
      barGap: 1,
      dragToSeek: true,
      hideScrollbar: true,
      autoScroll: false,
      sampleRate: SAMPLE_RATE,
    });
    surfer.current = ws;
    const subscriptions = [
      ws.on('ready', (duration) => reportReady(duration)),
      ws.on('play', () => reportPlaying(true)),
      ws.on('pause', () => reportPlaying(false)),
      ws.on('timeupdate', (time) => reportProgress(time)),
      ws.on('finish', () => void ended()),
      ws.on('error', () => reportError()),
    ];
    const unregister = registerEngine({
      play: () => void ws.play().catch(() => reportPlaying(false)),
      pause: () => ws.pause(),
      seek: (seconds) => ws.setTime(seconds),
    });
    return () => {
      unregister();
      for (const unsubscribe of subscriptions) unsubscribe();
      surfer.current = null;
      ws.destroy();
      media.removeAttribute('src');
    };
    // The instance lives as long as the player; sources change through the effect below.
  }, []);

  useEffect(() => {
    const ws = surfer.current;
    const track = source ? player.tracks[source.trackId] : null;
    if (!ws || !source || !track) return;
    const channels = waveformChannels(track.analysis.peaks);
    // Never hand wavesurfer nothing to draw: without peaks it would download and decode the file.
    const peaks = channels[0].length > 0 ? channels : [new Float32Array([0]), new Float32Array([0])];
    const duration = track.duration_seconds && track.duration_seconds > 0 ? track.duration_seconds : 1;
    let cancelled = false;
    const fetching = new AbortController();
    const loaded = ws.load(source.url, peaks, duration);
    loaded
      .then(() => {
        if (!cancelled) return ws.play();
      })
      .catch(() => {
        if (!cancelled) reportPlaying(false);
      });
    // The card's resolution draws at once; every pair follows for the wide footer waveform, drawn
    // once the load is done (a load finishing later would draw its own peaks over them).
    if (track.analysis.peaks_url) {
      void Promise.all([getPeaks(track.id, fetching.signal), loaded]).then(([result]) => {
        const full = result.ok && result.envelope.data ? waveformChannels(result.envelope.data.peaks) : null;
        if (!cancelled && full && full[0].length > 0) ws.setOptions({ peaks: full, duration });
      }, () => undefined);
    }
    return () => {
      cancelled = true;
      fetching.abort();
    };
  }, [source]);

  useEffect(() => surfer.current?.setVolume(volume), [volume]);
  useEffect(() => surfer.current?.setPlaybackRate(rate, preservePitch), [rate, preservePitch]);
}
