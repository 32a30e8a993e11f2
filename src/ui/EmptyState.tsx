import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** What a list or page shows when there is nothing (yet): an icon, a heading, why, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  headingLevel = 2,
  ...data
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
} & { [key: `data-${string}`]: string | undefined }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="ui-empty-state" {...data}>
      <span className="ui-empty-state__icon" aria-hidden="true">
        <Icon size={32} />
      </span>
      <Heading>{title}</Heading>
      {children}
      {actions && <div className="ui-button-row">{actions}</div>}
    </div>
  );
}
