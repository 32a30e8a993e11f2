import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import X from 'lucide-react/icons/x';
import { focusableIn, trapTab } from './focus.js';
import { IconButton } from './IconButton.js';
import { useScrollLock } from './scrollLock.js';

// Only the topmost open dialog answers Escape (a confirm opened from a settings dialog closes alone).
const openDialogs: symbol[] = [];

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom (confirm, cancel). */
  footer?: ReactNode;
  /** Full screen on phones and a tall panel on wide screens (scanner, workspace choice). */
  fullScreen?: boolean;
  /** Names the dialog for tests and styles: rendered as data-dialog. */
  name?: string;
  /** Hides the close button (a dialog that must be answered through its footer). */
  hideClose?: boolean;
}

/**
 * An accessible modal: rendered over everything, labelled by its title, focus moved inside on open and given back to
 * the opener on close, Tab kept inside, Escape and the backdrop close it, page scroll locked while open. The parent
 * decides whether it is open by rendering it or not.
 */
export function Dialog({ title, onClose, children, footer, fullScreen, name, hideClose }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useScrollLock();

  useEffect(() => {
    const me = Symbol('dialog');
    openDialogs.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    // The first field or button of the body gets focus; the dialog itself when the body has none.
    const target = root?.querySelector<HTMLElement>('[data-autofocus]') ?? (root && focusableIn(root.querySelector('.ui-dialog__body') ?? root)[0]);
    (target ?? root)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || openDialogs[openDialogs.length - 1] !== me) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(me), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="ui-dialog-layer">
      <div className="ui-dialog-backdrop" aria-hidden="true" onClick={() => closeRef.current()} />
      <div
        ref={ref}
        className={fullScreen ? 'ui-dialog ui-dialog--full' : 'ui-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-dialog={name}
        onKeyDown={(event) => trapTab(event, ref.current)}
      >
        <div className="ui-dialog__head">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          {!hideClose && <IconButton icon={X} label="Close" onClick={() => closeRef.current()} />}
        </div>
        <div className="ui-dialog__body">{children}</div>
        {footer && <div className="ui-dialog__foot">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
