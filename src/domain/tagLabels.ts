/**
 * Printed tag labels: 2 × 2 in square stickers, 3 across and 4 down on a US Letter page (8.5 × 11 in) inside 0.5 in
 * page margins, the layout of common square sticker sheets. Codes are drawn 1.5 in wide, which phone cameras read
 * from arm's length, with the site's domain and the tag's code printed under each. Print at 100 % scale.
 */
export const TAG_LABEL_LAYOUT = {
  labelInches: 2,
  codeInches: 1.5,
  columns: 3,
  rows: 4,
  marginInches: 0.5,
} as const;

export const LABELS_PER_PAGE = TAG_LABEL_LAYOUT.columns * TAG_LABEL_LAYOUT.rows;

/** The hashes split into whole pages, in order; a page never holds part of a label, so nothing is cut at a break. */
export function labelPages(hashes: readonly string[], perPage: number = LABELS_PER_PAGE): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < hashes.length; i += perPage) pages.push(hashes.slice(i, i + perPage));
  return pages;
}

/** Where a page's labels sit: the gaps that spread the columns and rows evenly over the page inside its margins. */
export function labelGaps(page: { width: number; height: number }): { column: number; row: number } {
  const { labelInches, columns, rows, marginInches } = TAG_LABEL_LAYOUT;
  return {
    column: (page.width - 2 * marginInches - columns * labelInches) / (columns - 1),
    row: (page.height - 2 * marginInches - rows * labelInches) / (rows - 1),
  };
}
