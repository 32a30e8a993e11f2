import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A page's heading: its icon, its h1 and an optional line under it. */
export function PageHeader({
  icon: Icon,
  title,
  subtitle,
}: {
  icon: LucideIcon;
  title: ReactNode;
  subtitle?: ReactNode;
}) {
  return (
    <div className="ui-page-header">
      <span className="ui-page-header__icon" aria-hidden="true">
        <Icon size={24} />
      </span>
      <div className="ui-page-header__text">
        <h1>{title}</h1>
        {subtitle && <p className="ui-page-header__subtitle">{subtitle}</p>}
      </div>
    </div>
  );
}
