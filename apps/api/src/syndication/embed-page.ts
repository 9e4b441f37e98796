import escapeHtml from 'escape-html';
import { peaksForDrawing, type TrackView } from '@stardeck/contracts';

/** The waveform's drawing box: one column per list-resolution pair, -1..1 mapped onto 0..100. */
const BOX_HEIGHT = 100;

/** One vertical stroke per min/max pair, as a single SVG path. */
export function waveformPath(packedPeaks: string): { d: string; width: number } {
  const peaks = packedPeaks ? peaksForDrawing(packedPeaks) : [];
  const pairs = Math.floor(peaks.length / 2);
  const strokes: string[] = [];
  for (let i = 0; i < pairs; i++) {
    const min = peaks[i * 2]!;
    const max = peaks[i * 2 + 1]!;
    const top = ((1 - Math.max(min, max)) * BOX_HEIGHT) / 2;
    // At least a hairline, so silence still shows where the track is.
    const bottom = Math.max(((1 - Math.min(min, max)) * BOX_HEIGHT) / 2, top + 0.5);
    strokes.push(`M${i + 0.5} ${top.toFixed(1)}V${bottom.toFixed(1)}`);
  }
  return { d: strokes.join(''), width: Math.max(pairs, 1) };
}

export interface EmbedPage {
  track: TrackView;
  pageUrl: string;
  authorUrl: string;
}

/**
 * The player other sites frame: artwork, title, author, play/pause and a seekable waveform,
 * drawn on the server from the track's peaks so the page needs nothing but its small script.
 * Every member-written value goes through the HTML escaper; the page has no inline script or style.
 */
export function renderEmbedPage({ track, pageUrl, authorUrl }: EmbedPage): string {
  const author = track.display_name?.trim() || track.username;
  const wave = waveformPath(track.analysis.peaks);
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(track.title)} · ${e(author)} · stardeck</title>
<link rel="stylesheet" href="/embed/player.css">
</head>
<body>
<main class="embed" data-duration="${e(String(track.duration_seconds ?? 0))}">
  <a class="art" href="${e(pageUrl)}" target="_blank" rel="noopener" tabindex="-1" aria-hidden="true"><img src="${e(track.artwork)}" alt=""></a>
  <!-- The artwork repeats the title's link for the mouse; keyboards and screen readers get the title alone. -->
  <div class="body">
    <p class="meta"><a class="title" href="${e(pageUrl)}" target="_blank" rel="noopener">${e(track.title)}</a>
    <a class="by" href="${e(authorUrl)}" target="_blank" rel="noopener">${e(author)}</a></p>
    <div class="controls">
      <button type="button" class="play" aria-label="Play">play</button>
      <svg class="wave" viewBox="0 0 ${wave.width} ${BOX_HEIGHT}" preserveAspectRatio="none" role="slider" tabindex="0"
        aria-label="Seek" aria-valuemin="0" aria-valuemax="${e(String(Math.round(track.duration_seconds ?? 0)))}" aria-valuenow="0">
        <defs><clipPath id="played"><rect x="0" y="0" width="0" height="${BOX_HEIGHT}"></rect></clipPath></defs>
        <path class="rest" d="${wave.d}"></path>
        <path class="done" d="${wave.d}" clip-path="url(#played)"></path>
      </svg>
      <span class="time">${e(track.duration)}</span>
    </div>
  </div>
  <audio preload="none" src="/v1/tracks/${track.id}/audio"></audio>
</main>
<script src="/embed/player.js"></script>
</body>
</html>
`;
}
