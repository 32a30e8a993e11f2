import type { ComponentPropsWithRef } from 'react';
import { classNames } from './classNames.js';

/**
 * The kit's text box without its frame: inside a <Field>'s render prop (which gives it its id and error wiring), or
 * alone where a page labels it another way (a search box).
 */
export function Input({ className, ...rest }: ComponentPropsWithRef<'input'>) {
  return <input {...rest} className={classNames('ui-field__control', className)} />;
}
