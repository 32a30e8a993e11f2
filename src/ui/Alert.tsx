import type { ComponentPropsWithRef } from 'react';
import { classNames } from './classNames.js';

export type AlertTone = 'error' | 'success' | 'info';

export type AlertProps = ComponentPropsWithRef<'p'> & {
  tone: AlertTone;
  /** The element: a paragraph by default; a div or a section when it holds blocks (a heading, a list, buttons). */
  as?: 'p' | 'div' | 'section';
};

/**
 * A tinted message box: red for a problem, green for a success, blue for information. Empty, it takes no space, so a
 * form may keep it mounted and fill it when something happens. A problem is an alert (read out when it appears)
 * unless the caller gives another role.
 */
export function Alert({ tone, as: Tag = 'p', className, role, ...rest }: AlertProps) {
  return (
    <Tag
      {...rest}
      role={role ?? (tone === 'error' ? 'alert' : undefined)}
      className={classNames('ui-alert', `ui-alert--${tone}`, className)}
    />
  );
}
