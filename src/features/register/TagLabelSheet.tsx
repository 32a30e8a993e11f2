import { LETTER_INCHES } from '../../app/print/printSettings.js';
import { labelGaps, labelPages, TAG_LABEL_LAYOUT } from '../../domain/tagLabels.js';
import { QrImage } from '../../ui/qr/QrImage.js';
import './tagLabels.css';

const gaps = labelGaps(LETTER_INCHES);
const { labelInches, codeInches, columns, rows, marginInches } = TAG_LABEL_LAYOUT;

/**
 * Tag labels as whole Letter pages at their physical size (src/domain/tagLabels.ts), for print mode (?print=1, portrait).
 * Each page is exactly one printed page and breaks after itself, so a label is never cut across pages.
 */
export function TagLabelSheet({ hashes, origin }: { hashes: readonly string[]; origin: string }) {
  const host = new URL(origin).host;
  return (
    <div className="tag-labels" data-tag-labels={hashes.length}>
      {labelPages(hashes).map((page, index) => (
        <div
          key={index}
          className="tag-labels__page"
          data-label-page={index + 1}
          style={{
            width: `${LETTER_INCHES.width}in`,
            height: `${LETTER_INCHES.height}in`,
            padding: `${marginInches}in`,
            gridTemplateColumns: `repeat(${columns}, ${labelInches}in)`,
            gridTemplateRows: `repeat(${rows}, ${labelInches}in)`,
            columnGap: `${gaps.column}in`,
            rowGap: `${gaps.row}in`,
          }}
        >
          {page.map((hash) => (
            <div key={hash} className="tag-label" data-label={hash}>
              <QrImage url={origin} hash={hash} size={`${codeInches}in`} />
              <span className="tag-label__domain">{host}</span>
              <span className="tag-label__code">{hash}</span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
