import type { LucideIcon } from 'lucide-react';
import { Link, type LinkProps } from './Link.js';
import { buttonClass, type ButtonVariant } from './buttonClass.js';

export type ButtonLinkProps = LinkProps & {
  variant?: ButtonVariant;
  icon?: LucideIcon;
  fullWidth?: boolean;
};

/** An in-app link that looks like a kit button (for actions that are really navigation, e.g. "Sign In"). */
export function ButtonLink({ variant = 'primary', icon: Icon, fullWidth, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClass(variant, fullWidth, className)}>
      {Icon && <Icon className="ui-button__icon" aria-hidden="true" />}
      {children}
    </Link>
  );
}
