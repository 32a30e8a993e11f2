import type { ComponentPropsWithRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import { buttonClass, type ButtonVariant } from './buttonClass.js';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  /** An icon from lucide-react, shown before the label; decorative, the label names the button. */
  icon?: LucideIcon;
  fullWidth?: boolean;
  /** Shows the button as working (aria-busy) and refuses further clicks. */
  busy?: boolean;
};

/** The kit's button: primary (red), secondary (outlined), text, danger; at least 44px high. */
export function Button({
  variant = 'primary',
  icon: Icon,
  fullWidth,
  busy,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, fullWidth, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {Icon && <Icon className="ui-button__icon" aria-hidden="true" />}
      {children}
    </button>
  );
}
