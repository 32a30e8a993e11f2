// When the fixed chrome (header and bottom bar) shows, as a pure function of scroll positions: it shows near the
// top of the page (within 80px), hides once the page has scrolled down more than 50px, and shows again once it has
// scrolled back up more than 50px. Small jitters never toggle it.

/** The top zone where the chrome always shows, and the scroll movement that toggles it. */
export const HEADER_TOP_ZONE_PX = 80;
export const HEADER_MOVE_PX = 50;

export interface HeaderVisibility {
  visible: boolean;
  /**
   * Where the current run started: the lowest position seen while visible (so "down more than 50px" counts from
   * there), the highest seen while hidden (so "up more than 50px" counts from there).
   */
  anchor: number;
}

export const INITIAL_HEADER: HeaderVisibility = { visible: true, anchor: 0 };

export function nextHeaderVisibility(state: HeaderVisibility, scrollY: number): HeaderVisibility {
  const y = Math.max(0, scrollY);
  if (y <= HEADER_TOP_ZONE_PX) return { visible: true, anchor: y };
  if (state.visible) {
    if (y - state.anchor > HEADER_MOVE_PX) return { visible: false, anchor: y };
    return y < state.anchor ? { visible: true, anchor: y } : state;
  }
  if (state.anchor - y > HEADER_MOVE_PX) return { visible: true, anchor: y };
  return y > state.anchor ? { visible: false, anchor: y } : state;
}
