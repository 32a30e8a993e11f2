import type { ComponentPropsWithRef } from 'react';

/** A raised white panel grouping one topic of a page. */
export function Card({ className, ...rest }: ComponentPropsWithRef<'section'>) {
  return <section {...rest} className={['ui-card', className ?? ''].filter(Boolean).join(' ')} />;
}
