import type { ComponentPropsWithRef } from 'react';
import type { LucideIcon } from 'lucide-react';

export type IconButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> & {
  icon: LucideIcon;
  /** Required: an icon alone says nothing to a screen reader. */
  label: string;
  iconSize?: number;
};

/** A round 44px button showing only an icon, named by `label`. */
export function IconButton({ icon: Icon, label, iconSize = 24, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      className={['ui-icon-button', className ?? ''].filter(Boolean).join(' ')}
    >
      <Icon size={iconSize} aria-hidden="true" />
    </button>
  );
}
