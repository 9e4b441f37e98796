import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { displayName } from '@stardeck/contracts/browser';
import { useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { PromptLine } from '../../../components/ui/prompt-line';
import { clearQueue, moveInQueue, player, playQueued, removeFromQueue } from '../../../lib/player/store';

/**
 * A key per queue entry that survives a reorder: the track id and which of its copies this is
 * (a track can be queued twice; two copies of one track are alike, so they may trade keys).
 */
function entryKeys(queue: readonly number[]): string[] {
  const seen = new Map<number, number>();
  return queue.map((id) => {
    const copy = seen.get(id) ?? 0;
    seen.set(id, copy + 1);
    return `${id}:${copy}`;
  });
}

/**
 * The queueList modal (spec §2): what plays next, in order; play one now, take it out, or move it
 * by dragging its handle or with the keyboard (space or enter lifts it, the arrows move it,
 * space or enter drops it, escape puts it back), through dnd-kit's sortable list.
 */
export function Component({ onClose }: { onClose: () => void }) {
  const state = useSnapshot(player);
  const keys = entryKeys(state.queue);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titleOf = (key: UniqueIdentifier) => state.tracks[Number(String(key).split(':')[0])]?.title ?? 'track';
  const placeOf = (key: UniqueIdentifier | undefined) => (key === undefined ? -1 : keys.indexOf(String(key)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `picked up ${titleOf(active.id)}, place ${placeOf(active.id)} of ${keys.length}`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to place ${placeOf(over.id)} of ${keys.length}` : `${titleOf(active.id)} is no longer over the list`),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at place ${placeOf(over.id)} of ${keys.length}` : `${titleOf(active.id)} dropped`),
    onDragCancel: ({ active }) => `moving cancelled: ${titleOf(active.id)} stays at place ${placeOf(active.id)}`,
  };
  // Escape while moving a track cancels the move, not the whole dialog.
  const moving = useRef(false);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    moving.current = false;
    if (over) moveInQueue(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  return (
    <ModalFrame title={`queue (${state.queue.length})`} onClose={() => !moving.current && onClose()} wide>
      <PromptLine command="player --queue" />
      {state.queue.length === 0 ? (
        <p className="output output--muted">the queue is empty.{state.endless ? ' endless mode adds a random track each time one plays.' : ''}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={() => (moving.current = true)}
          onDragEnd={onDragEnd}
          onDragCancel={() => (moving.current = false)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a track, press space or enter, move it with the arrow keys, then press space or enter to drop it, or escape to cancel.' } }}
        >
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <ol className="player-list" aria-label="queued tracks">
              {state.queue.map((id, index) => {
                const track = state.tracks[id];
                return track ? <QueueRow key={keys[index]} sortKey={keys[index]!} index={index} title={track.title} artist={displayName(track)} /> : null;
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {state.queue.length > 0 && (
        <div className="actions">
          <button type="button" className="btn btn--danger" onClick={clearQueue}>
            clear queue
          </button>
        </div>
      )}
    </ModalFrame>
  );
}

function QueueRow({ sortKey, index, title, artist }: { sortKey: string; index: number; title: string; artist: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortKey });
  return (
    <li
      ref={setNodeRef}
      className={`player-list__row ${isDragging ? 'player-list__row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button type="button" ref={setActivatorNodeRef} className="btn btn--small player-list__handle" {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
        <span className="visually-hidden">move {title}</span>
      </button>
      <span className="player-list__name">
        {title} <span className="output--muted">by {artist}</span>
      </span>
      <button type="button" className="btn btn--small" onClick={() => void playQueued(index)}>
        play<span className="visually-hidden"> {title}</span>
      </button>
      <button type="button" className="btn btn--small btn--danger" onClick={() => removeFromQueue(index)}>
        remove<span className="visually-hidden"> {title}</span>
      </button>
    </li>
  );
}
