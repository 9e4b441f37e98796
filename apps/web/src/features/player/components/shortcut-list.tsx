import { SHORTCUTS } from '../shortcuts';
import { toggleHelp } from '../store';

/** The visible list of the player's keyboard shortcuts. */
export function ShortcutList() {
  return (
    <div className="player__help">
      <h2 className="player__help-title">keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys} className="player__help-row">
            <dt>
              <kbd>{shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.does}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="link-button" onClick={() => toggleHelp(false)}>
        close
      </button>
    </div>
  );
}
