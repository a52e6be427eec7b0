/**
 * A sortable list (mouse and keyboard, @dnd-kit): the store changes once, at drop, so an
 * editor records exactly one RFC 6902 `move` per reorder. Used by the page-editor panels, the
 * funnel's FAQ editor and (as a grid) the dashboard's cards.
 */
import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import * as p from './sortable.css';

/** Props of {@link SortableList}. */
export interface SortableListProps<T extends { id: string }> {
  /** Accessible name of the list. */
  label: string;
  items: readonly T[];
  /** The item's name, used in its handle's label and the screen-reader announcements. */
  nameOf: (item: T, index: number) => string;
  /** Called once at drop with the old and new index (never on cancel or a drop in place). */
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
  /** `list` (default): one column; `grid`: cards that wrap, moved in two dimensions (arrow keys move to the nearest card that way). */
  layout?: 'list' | 'grid';
  /** Renders one row; `handle` is the drag handle to place in it. */
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
}

/**
 * The keyboard moves of a grid: Left/Right to the previous/next card in the list's order, Up/Down
 * to the card one row up/down (a row is the cards sharing the first card's top). dnd-kit's
 * `sortableKeyboardCoordinates` picks the nearest card by corners, which in a wrapping grid can
 * be a card of the next row (clauderic/dnd-kit#790, open); this keeps the moves in order.
 */
function gridKeyboardCoordinates(ids: readonly string[]): KeyboardCoordinateGetter {
  const steps: Record<string, 'prev' | 'next' | 'up' | 'down'> = {
    [KeyboardCode.Left]: 'prev',
    [KeyboardCode.Right]: 'next',
    [KeyboardCode.Up]: 'up',
    [KeyboardCode.Down]: 'down',
  };
  return (event, { context: { active, over, droppableRects } }) => {
    const step = steps[event.code];
    if (!step) return undefined;
    event.preventDefault();
    if (!active) return undefined;
    const rects = ids.map((id) => droppableRects.get(id));
    const top = rects[0]?.top;
    const columns = Math.max(1, rects.filter((r) => r && top !== undefined && Math.abs(r.top - top) < 1).length);
    const from = ids.indexOf(String(over?.id ?? active.id));
    const to = from + { prev: -1, next: 1, up: -columns, down: columns }[step];
    const rect = rects[to];
    return from < 0 || !rect ? undefined : { x: rect.left, y: rect.top };
  };
}

/**
 * A vertical list (or a wrapping grid) reordered by dragging a handle with the mouse, or from the keyboard: focus
 * the handle, Space (or Enter) to pick up, arrow keys to move, Space to drop, Escape to cancel.
 * Rows only move visually while dragging; the store changes once, at drop.
 */
export function SortableList<T extends { id: string }>({ label, items, nameOf, onMove, disabled, layout = 'list', children }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: layout === 'grid' ? gridKeyboardCoordinates(items.map((i) => i.id)) : sortableKeyboardCoordinates }),
  );
  const ids = items.map((i) => i.id);
  const pos = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const name = (id: UniqueIdentifier) => {
    const item = items[pos(id)];
    return item ? nameOf(item, pos(id)) : String(id);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, position ${pos(active.id) + 1} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} moved to position ${pos(over.id) + 1} of ${ids.length}.` : `${name(active.id)} is outside the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${pos(over.id) + 1} of ${ids.length}.` : `${name(active.id)} dropped outside the list; nothing moved.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To reorder, press Space or Enter, move with the arrow keys, then press Space or Enter to drop, or Escape to cancel.',
        },
      }}
      onDragEnd={({ active, over }) => {
        if (disabled || !over) return;
        const from = pos(active.id);
        const to = pos(over.id);
        if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
      }}
    >
      <SortableContext items={ids} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy} disabled={disabled}>
        <ol className={layout === 'grid' ? p.sortGrid : p.sortList} aria-label={label}>
          {items.map((item, i) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item, i)} disabled={!!disabled}>
              {(handle) => children(item, i, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, name, disabled, children }: { id: string; name: string; disabled: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className={p.handle} {...attributes} {...listeners} aria-label={`Reorder ${name}`} disabled={disabled}>
      <svg aria-hidden="true" width="10" height="16" viewBox="0 0 10 16" fill="currentColor">
        {[3, 8, 13].flatMap((y) => [<circle key={`a${y}`} cx="2.5" cy={y} r="1.5" />, <circle key={`b${y}`} cx="7.5" cy={y} r="1.5" />])}
      </svg>
    </button>
  );
  return (
    <li ref={setNodeRef} className={isDragging ? `${p.sortRow} ${p.dragging}` : p.sortRow} style={{ transform: CSS.Translate.toString(transform), transition }}>
      {children(handle)}
    </li>
  );
}
