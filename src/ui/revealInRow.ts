import { useLayoutEffect, type RefObject } from 'react';

/** Where an item sits in a row that scrolls sideways, and the row's visible window, in CSS pixels. */
export interface RowItem {
  /** The item's left edge in the row's content (0 = the row's start, whatever it is scrolled to). */
  left: number;
  width: number;
}
export interface RowView {
  scrollLeft: number;
  /** The visible width. */
  width: number;
  /** The content's whole width. */
  scrollWidth: number;
}

/**
 * The row's scroll offset that shows `item` whole, centred; null when it is in view already (the row does not move
 * under a person's eyes for nothing).
 */
export function revealOffset(item: RowItem, view: RowView): number | null {
  const inView = item.left >= view.scrollLeft && item.left + item.width <= view.scrollLeft + view.width;
  if (inView) return null;
  const centred = item.left + item.width / 2 - view.width / 2;
  return Math.round(Math.max(0, Math.min(centred, view.scrollWidth - view.width)));
}

/**
 * Scrolls a sideways row so that its current item (`[aria-current="page"]`) is in view whenever `current` changes:
 * a page opened on a tab far along the row shows which one it is. Sets scrollLeft only, so the page itself never
 * scrolls with it.
 */
export function useRevealCurrent(row: RefObject<HTMLElement | null>, current: unknown): void {
  useLayoutEffect(() => {
    const list = row.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    const offset = revealOffset(
      { left: itemBox.left - listBox.left + list.scrollLeft, width: itemBox.width },
      { scrollLeft: list.scrollLeft, width: list.clientWidth, scrollWidth: list.scrollWidth },
    );
    if (offset !== null) list.scrollLeft = offset;
  }, [row, current]);
}
