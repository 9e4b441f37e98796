import type { TrackView } from '@stardeck/contracts/browser';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { openModal } from '../../../lib/modals/store';
import { next, play, player, previous, seekBy, setShuffle, togglePlay } from '../../../lib/player/store';
import { useMe } from '../../../lib/session/store';
import { searchEverything } from '../api/search';
import { fixedCommands, moveActive, rankCommands, type PaletteAction, type PaletteGroup, type PaletteItem } from '../commands';
import '../palette.css';
import { countOf } from '../../../utils/format';

/** Searching waits for a pause in typing, so a word costs one round of requests, not one per key. */
const SEARCH_DELAY_MS = 180;
/** Shorter queries match too much to be worth a search; the fixed commands still filter. */
const SEARCH_MIN_LENGTH = 2;

const GROUP_LABEL: Record<PaletteGroup, string> = {
  page: 'go to', player: 'player', action: 'do', member: 'member', track: 'track', collection: 'collection', tag: 'tag',
};

/** The player and account actions the palette runs; a modal opened here replaces the palette. */
function runAction(action: PaletteAction): void {
  const actions: Record<PaletteAction, () => void> = {
    'toggle-play': togglePlay,
    next: () => void next(),
    previous: () => void previous(),
    'seek-back': () => seekBy(-5),
    'seek-forward': () => seekBy(5),
    queue: () => openModal('queueList'),
    history: () => openModal('historyList'),
    'shuffle-on': () => setShuffle(true),
    'shuffle-off': () => setShuffle(false),
    upload: () => openModal('manageTrackUpload'),
    settings: () => openModal('manageConfig'),
    invites: () => openModal('manageInvites'),
    login: () => openModal('login'),
  };
  actions[action]();
}

/**
 * The command palette (Ctrl/⌘-K): type to jump to a page, member, track, collection or tag, or to
 * run a player action. It is an ARIA combobox: the text field keeps focus, ↑/↓ move through the
 * options (announced through aria-activedescendant), Enter runs one, Shift+Enter plays a track
 * instead of opening it, and Escape closes.
 */
export function Component({ onClose }: { onClose: () => void }) {
  const me = useMe();
  const { currentId, playing, shuffle } = useSnapshot(player);
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ items: PaletteItem[]; tracks: TrackView[]; failed: boolean }>({ items: [], tracks: [], failed: false });
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const fixed = useMemo(
    () => fixedCommands({ username: me?.username ?? null, hasTrack: currentId !== null, playing, shuffle }),
    [me?.username, currentId, playing, shuffle],
  );
  const items = useMemo(() => rankCommands(fixed, found.items, query), [fixed, found.items, query]);

  useEffect(() => {
    const search = query.trim();
    if (search.length < SEARCH_MIN_LENGTH) {
      setFound({ items: [], tracks: [], failed: false });
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      void searchEverything(search, me !== null, controller.signal).then((outcome) => {
        if (controller.signal.aborted) return;
        setFound(outcome);
        setSearching(false);
      });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, me]);

  useEffect(() => setActive(items.length ? 0 : -1), [items]);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (item: PaletteItem, playInstead: boolean) => {
    const run = item.run;
    if (run.kind === 'action') {
      onClose();
      runAction(run.action);
      return;
    }
    const track = run.kind === 'track' && playInstead ? found.tracks.find((candidate) => candidate.id === run.trackId) : undefined;
    onClose();
    if (track) void play(track);
    else navigate(run.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => moveActive(current, items.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Home' || event.key === 'End') {
      if (!items.length) return;
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : items.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item) choose(item, event.shiftKey);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const status = searching ? 'searching…' : found.failed ? 'some searches failed; showing what was found' : countOf(items.length, 'result');

  return (
    <ModalFrame title="command palette" onClose={onClose} wide>
      <div className="palette">
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          command or search
        </label>
        <div className="palette__prompt">
          <span aria-hidden="true">&gt; </span>
          <input
            id={`${listId}-input`}
            data-autofocus
            className="field__input palette__input"
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 && items[active] ? optionId(active) : undefined}
            aria-describedby={`${listId}-help`}
            autoComplete="off"
            spellCheck={false}
            placeholder="jump to a page, member, track, collection or tag…"
            value={query}
            maxLength={100}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <p id={`${listId}-help`} className="palette__help output--muted">
          ↑/↓ choose · enter run · shift+enter play a track · esc close
        </p>
        <p className="visually-hidden" role="status" aria-live="polite">
          {status}
        </p>
        {items.length === 0 ? (
          <p className="output output--muted">{searching ? '[..] searching' : `nothing matches '${query.trim()}'.`}</p>
        ) : (
          <ul id={listId} ref={listRef} role="listbox" aria-label="results" className="palette__list">
            {items.map((item, index) => (
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`palette__option ${index === active ? 'palette__option--active' : ''}`}
                onMouseMove={() => setActive(index)}
                onClick={(event) => choose(item, event.shiftKey)}
              >
                <span className="palette__group">{GROUP_LABEL[item.group]}</span>
                <span className="palette__label">{item.label}</span>
                {item.hint && <span className="palette__hint output--muted">{item.hint}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </ModalFrame>
  );
}
