import type { ComponentPropsWithRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import { classNames } from './classNames.js';

export type ChipProps = ComponentPropsWithRef<'span'> & {
  /** Decorative: the chip's text names it. */
  icon?: LucideIcon;
};

/** A small rounded label: a status, a match, a chosen person. */
export function Chip({ icon: Icon, className, children, ...rest }: ChipProps) {
  return (
    <span {...rest} className={classNames('ui-chip', className)}>
      {Icon && <Icon className="ui-chip__icon" aria-hidden="true" />}
      {children}
    </span>
  );
}
