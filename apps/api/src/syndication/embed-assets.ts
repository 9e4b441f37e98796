/**
 * The embedded player's script and style, served from this origin (the page's CSP allows no
 * inline script or style). Small enough to keep here rather than in a build of their own.
 */
export const EMBED_SCRIPT = `'use strict';
(function () {
  var root = document.querySelector('.embed');
  var audio = root.querySelector('audio');
  var button = root.querySelector('.play');
  var wave = root.querySelector('.wave');
  var played = root.querySelector('#played rect');
  var time = root.querySelector('.time');
  var width = wave.viewBox.baseVal.width;
  function clock(seconds) {
    var s = Math.floor(seconds);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }
  function duration() {
    return audio.duration || Number(root.dataset.duration) || 0;
  }
  function show() {
    button.textContent = audio.paused ? 'play' : 'pause';
    button.setAttribute('aria-label', audio.paused ? 'Play' : 'Pause');
  }
  function progress() {
    var total = duration();
    played.setAttribute('width', String(total ? (width * audio.currentTime) / total : 0));
    wave.setAttribute('aria-valuenow', String(Math.round(audio.currentTime)));
    time.textContent = clock(audio.currentTime) + ' / ' + clock(total);
  }
  function seek(seconds) {
    var total = duration();
    if (!total) return;
    audio.currentTime = Math.max(0, Math.min(total, seconds));
    progress();
  }
  button.addEventListener('click', function () {
    if (audio.paused) audio.play(); else audio.pause();
  });
  audio.addEventListener('play', show);
  audio.addEventListener('pause', show);
  audio.addEventListener('timeupdate', progress);
  wave.addEventListener('click', function (event) {
    var box = wave.getBoundingClientRect();
    seek((duration() * (event.clientX - box.left)) / box.width);
  });
  wave.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowRight') seek(audio.currentTime + 5);
    else if (event.key === 'ArrowLeft') seek(audio.currentTime - 5);
    else if (event.key === 'Home') seek(0);
    else return;
    event.preventDefault();
  });
})();
`;

export const EMBED_STYLE = `*{box-sizing:border-box}
html,body{margin:0;height:100%;background:#05070c;color:#c8f7c5;font:14px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.embed{display:flex;gap:12px;height:100%;padding:12px;border:1px solid #1f3b2a}
.art img{display:block;width:96px;height:96px;object-fit:cover;border:1px solid #1f3b2a}
.body{flex:1;min-width:0;display:flex;flex-direction:column;justify-content:space-between}
.meta{margin:0;display:flex;flex-direction:column}
.meta a{color:inherit;text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.meta a:hover,.meta a:focus-visible{text-decoration:underline}
.title{font-weight:bold}
.by{color:#7fb07c}
.controls{display:flex;align-items:center;gap:8px}
.play{background:none;border:1px solid #c8f7c5;color:inherit;font:inherit;padding:2px 8px;cursor:pointer}
.play:focus-visible,.wave:focus-visible{outline:2px solid #f5d76e;outline-offset:2px}
.wave{flex:1;height:48px;cursor:pointer}
.wave path{stroke-width:0.8;fill:none}
.wave .rest{stroke:#2f5d3f}
.wave .done{stroke:#c8f7c5}
.time{color:#7fb07c;white-space:nowrap}
`;
