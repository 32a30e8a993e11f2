import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Printer from 'lucide-react/icons/printer';
import { Button } from '../../ui/Button.js';
import { navigate } from '../../ui/navigation.js';
import { useLocation } from '../router.js';
import { printSearch, sheetInches, type PrintOrientation } from './printSettings.js';
import './print.css';

/**
 * The page as US Letter sheets: a toolbar (Go Back, orientation, Print) above a sheet of the exact printed size,
 * and an @page rule of that same size, so the printout is exactly what the preview shows; on screen a red rule marks
 * where each printed page ends.
 */
export function PrintPreview({ orientation, children }: { orientation: PrintOrientation; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const go = (next: PrintOrientation | null) => navigate(pathname + printSearch(search, next), { replace: true });
  const sheet = sheetInches(orientation);
  const scale = useFitScale(sheet.width * CSS_PX_PER_INCH);
  return (
    <div className="print-preview" data-print-preview={orientation}>
      <div className="print-toolbar" role="toolbar" aria-label="Print preview">
        <Button variant="secondary" icon={ArrowLeft} onClick={() => go(null)} data-action="print-back">
          Go Back
        </Button>
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
        <div className={`print-sheet print-sheet--${orientation}`} data-print-sheet={orientation} style={{ zoom: scale.value }}>
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
