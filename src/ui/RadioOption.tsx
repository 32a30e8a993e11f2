import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './classNames.js';

export type RadioOptionProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'checked' | 'onChange' | 'className'> & {
  /** The text beside the button, which names it. */
  label: ReactNode;
  checked: boolean;
  /** Called when this option is chosen. */
  onChoose: () => void;
  /** Classes for the whole row (the label), for the page's layout. */
  className?: string;
};

/** One choice of a group (the inputs share a `name`) with its text in one 44px-high row, like <Checkbox>. */
export function RadioOption({ label, checked, onChoose, className, ...rest }: RadioOptionProps) {
  return (
    <label className={classNames('ui-check', className)}>
      <input {...rest} type="radio" checked={checked} onChange={onChoose} />
      <span>{label}</span>
    </label>
  );
}
