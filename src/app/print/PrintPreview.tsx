import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Printer from 'lucide-react/icons/printer';
import { Button } from '../../ui/Button.js';
import { navigate } from '../../ui/navigation.js';
import { useLocation } from '../router.js';
import { PAPER_SIZES, printSearch, sheetInches, type PaperSize, type PrintOrientation } from './printSettings.js';
import './print.css';

/**
 * The page as sheets of paper: a toolbar (Go Back, paper, orientation, Print) above a sheet of the exact printed
 * size, and an @page rule of that same size, so the printout is exactly what the preview shows; on screen a rule
 * marks where each printed page ends. `papers` lists the sizes the page lays out for (label sheets are drawn for
 * one paper only); the choice is offered when there are several.
 */
export function PrintPreview({
  orientation,
  paper,
  papers = ['letter', 'a4'],
  children,
}: {
  orientation: PrintOrientation;
  paper: PaperSize;
  papers?: readonly PaperSize[];
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const shown = papers.includes(paper) ? paper : papers[0]!;
  const go = (next: PrintOrientation | null, nextPaper?: PaperSize) => navigate(pathname + printSearch(search, next, nextPaper), { replace: true });
  const sheet = sheetInches(orientation, shown);
  const scale = useFitScale(sheet.width * CSS_PX_PER_INCH);
  return (
    <div className="print-preview" data-print-preview={orientation}>
      <div className="print-toolbar" role="toolbar" aria-label="Print preview">
        <Button variant="secondary" icon={ArrowLeft} onClick={() => go(null)} data-action="print-back">
          Go Back
        </Button>
        {papers.length > 1 && (
          <div className="print-toolbar__orientation" role="group" aria-label="Paper">
            {papers.map((p) => (
              <Button key={p} variant={p === shown ? 'primary' : 'text'} aria-pressed={p === shown} onClick={() => go(orientation, p)} data-paper={p} title={PAPER_SIZES[p].detail}>
                {PAPER_SIZES[p].label}
              </Button>
            ))}
          </div>
        )}
        <div className="print-toolbar__orientation" role="group" aria-label="Orientation">
          {(['portrait', 'landscape'] as const).map((o) => (
            <Button key={o} variant={o === orientation ? 'primary' : 'text'} aria-pressed={o === orientation} onClick={() => go(o)} data-orientation={o}>
              {o === 'portrait' ? 'Portrait' : 'Landscape'}
            </Button>
          ))}
        </div>
        <Button icon={Printer} onClick={() => window.print()} data-action="print">
          Print
        </Button>
      </div>
      <style>{`@page { size: ${sheet.width}in ${sheet.height}in; margin: 0; }`}</style>
      {/* The desk may scroll (a long page), so it takes keyboard focus. */}
      <div ref={scale.ref} className="print-desk" role="region" aria-label="Page preview" tabIndex={0}>
        <div
          className={`print-sheet print-sheet--${orientation}`}
          data-print-sheet={orientation}
          data-paper={shown}
          style={{ zoom: scale.value, width: `${sheet.width}in`, minHeight: `${sheet.height}in`, ['--sheet-height' as string]: `${sheet.height}in` }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

const CSS_PX_PER_INCH = 96;
const DESK_PADDING_PX = 32;

/** Shrinks the sheet on screens narrower than it (a phone shows the whole width); print ignores it (print.css). */
function useFitScale(sheetPx: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(1);
  useLayoutEffect(() => {
    const desk = ref.current;
    if (!desk) return;
    const fit = () => setValue(Math.min(1, Math.max(0.2, (desk.clientWidth - DESK_PADDING_PX) / sheetPx)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(desk);
    return () => observer.disconnect();
  }, [sheetPx]);
  return { ref, value };
}
