import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, type MutableRefObject } from 'react';
import { moveTrack, toggleTrack, type TrackChoice } from '../editor';

interface AlbumTrackOrderProps {
  trackIds: readonly number[];
  choices: readonly TrackChoice[];
  /** True while a track is lifted: escape then cancels the move, not the dialog. */
  moving: MutableRefObject<boolean>;
}

/**
 * The album's tracks in play order, as the queue orders its own (dnd-kit's sortable list): drag a
 * track by its handle, or focus the handle, press space or enter to lift it, move it with the
 * arrow keys and press space or enter to drop it (escape puts it back). Each move is announced.
 */
export function AlbumTrackOrder({ trackIds, choices, moving }: AlbumTrackOrderProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = trackIds.map(String);
  const titleOf = (key: UniqueIdentifier) => choices.find((choice) => String(choice.id) === String(key))?.title ?? 'track';
  const placeOf = (key: UniqueIdentifier | undefined) => (key === undefined ? -1 : keys.indexOf(String(key)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `picked up ${titleOf(active.id)}, track ${placeOf(active.id)} of ${keys.length}`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to track ${placeOf(over.id)} of ${keys.length}` : `${titleOf(active.id)} is no longer over the list`),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at track ${placeOf(over.id)} of ${keys.length}` : `${titleOf(active.id)} dropped`),
    onDragCancel: ({ active }) => `moving cancelled: ${titleOf(active.id)} stays track ${placeOf(active.id)}`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    moving.current = false;
    if (over) moveTrack(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  if (trackIds.length === 0) return <p className="output output--muted">no tracks yet: choose them below.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => (moving.current = true)}
      onDragEnd={onDragEnd}
      onDragCancel={() => (moving.current = false)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: 'To move a track, press space or enter, move it with the arrow keys, then press space or enter to drop it, or escape to cancel.' } }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className="album-order" aria-label="album tracks in order">
          {trackIds.map((id) => <OrderRow key={id} id={id} title={titleOf(String(id))} />)}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function OrderRow({ id, title }: { id: number; title: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: String(id) });
  return (
    <li ref={setNodeRef} className={`album-order__row ${isDragging ? 'album-order__row--dragging' : ''}`} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <button type="button" ref={setActivatorNodeRef} className="btn btn--small album-order__handle" {...attributes} {...listeners}>
        <span aria-hidden="true">⠿</span>
        <span className="visually-hidden">move {title}</span>
      </button>
      <span className="album-order__title">{title}</span>
      <button type="button" className="btn btn--small" onClick={() => toggleTrack(id)}>
        take off<span className="visually-hidden"> {title}</span>
      </button>
    </li>
  );
}

/** Hook for the dialog: whether a track is lifted right now. */
export function useMoving() {
  return useRef(false);
}
