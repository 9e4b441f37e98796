import Renderer from 'wavesurfer.js/dist/renderer.js';
import WaveSurfer from 'wavesurfer.js/dist/wavesurfer.js';

/**
 * wavesurfer.js, made to live under our Content-Security-Policy (`style-src 'self'`, no inline
 * styles). Its renderer writes a <style> element into its shadow root, which the policy blocks,
 * leaving the waveform without its layout. The same rules are adopted here as a constructable
 * stylesheet instead (CSSOM, which the policy does not govern); the markup is wavesurfer's own.
 * The unbundled modules are imported so that this renderer is the one WaveSurfer uses; the
 * player's browser test fails on any CSP violation, so a wavesurfer.js upgrade that changes
 * this markup is caught.
 */
const RULES = (height: number) => `
:host { user-select: none; min-width: 1px; }
:host audio { display: block; width: 100%; }
:host .scroll { overflow-x: auto; overflow-y: hidden; width: 100%; position: relative; }
:host .noScrollbar { scrollbar-color: transparent; scrollbar-width: none; }
:host .noScrollbar::-webkit-scrollbar { display: none; -webkit-appearance: none; }
:host .wrapper { position: relative; overflow: visible; z-index: 2; }
:host .canvases { min-height: ${height}px; pointer-events: none; }
:host .canvases > div { position: relative; }
:host canvas { display: block; position: absolute; top: 0; image-rendering: pixelated; }
:host .progress { pointer-events: none; position: absolute; z-index: 2; top: 0; left: 0; width: 0; height: 100%; overflow: hidden; }
:host .progress > div { position: relative; }
:host .cursor { pointer-events: none; position: absolute; z-index: 5; top: 0; left: 0; height: 100%; border-radius: 2px; }
`;

const MARKUP = `
<div class="scroll" part="scroll">
  <div class="wrapper" part="wrapper">
    <div class="canvases" part="canvases"></div>
    <div class="progress" part="progress"></div>
    <div class="cursor" part="cursor"></div>
  </div>
</div>`;

const sheets = new Map<number, CSSStyleSheet>();

function sheetFor(height: number): CSSStyleSheet {
  let sheet = sheets.get(height);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(RULES(height));
    sheets.set(height, sheet);
  }
  return sheet;
}

interface RendererInternals {
  options: { height?: number | 'auto'; splitChannels?: unknown };
  getHeight(height: unknown, splitChannels: unknown): number;
  initHtml(): [HTMLElement, ShadowRoot];
}

(Renderer.prototype as unknown as RendererInternals).initHtml = function initHtml(this: RendererInternals) {
  const div = document.createElement('div');
  const shadow = div.attachShadow({ mode: 'open' });
  shadow.adoptedStyleSheets = [sheetFor(this.getHeight(this.options.height, this.options.splitChannels))];
  shadow.innerHTML = MARKUP;
  return [div, shadow];
};

export default WaveSurfer;
