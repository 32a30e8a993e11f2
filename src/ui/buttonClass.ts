export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

/** The class list of a kit button, shared by <Button> and <ButtonLink> so a link styled as a button looks the same. */
export function buttonClass(variant: ButtonVariant, fullWidth = false, extra?: string): string {
  return ['ui-button', `ui-button--${variant}`, fullWidth ? 'ui-button--full' : '', extra ?? ''].filter(Boolean).join(' ');
}
