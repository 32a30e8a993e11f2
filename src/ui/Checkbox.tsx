import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './classNames.js';

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'checked' | 'onChange' | 'className'> & {
  /** The text beside the box, which names it. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Classes for the whole row (the label), for the page's layout. */
  className?: string;
};

/** A check box and its text in one 44px-high row; a tap on the text toggles it too. */
export function Checkbox({ label, checked, onChange, className, ...rest }: CheckboxProps) {
  return (
    <label className={classNames('ui-check', className)}>
      <input {...rest} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
