import { isValidElement } from 'react';
import type { AriaAttributes, ComponentPropsWithRef, ReactElement, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { classNames } from './classNames.js';
import { Link, type LinkProps } from './Link.js';

/** What every row shows, whatever element it is. */
type ListItemContent = {
  /**
   * Leads the row. An icon of the library is drawn muted and hidden from screen readers (the title names the row)
   * unless `iconLabel` says what it adds; a ready element (one that carries its own name and look) is placed as it is.
   */
  icon?: LucideIcon | ReactElement;
  iconSize?: number;
  /** Names the icon for screen readers, when it tells something the title does not (an admin's shield, say). */
  iconLabel?: string;
  title: ReactNode;
  /** Classes added to the title's own, for a screen that adjusts it. */
  titleClassName?: string;
  /** Under the title: the detail lines (`ListItemDetail`) and whatever else belongs with them. */
  children?: ReactNode;
  /** After the text: a chip, a badge, a button of the row. */
  end?: ReactNode;
  /** The row's last, muted mark (a chevron, a check), hidden from screen readers: the row's own text says it all. */
  endIcon?: LucideIcon;
  endIconSize?: number;
};

type DataAttributes = { [key: `data-${string}`]: string | undefined };

/** A row that opens a page. */
type LinkRow = Omit<LinkProps, 'children' | 'title'> & { as?: never };
/** A row that does something in place. */
type ButtonRow = Omit<ComponentPropsWithRef<'button'>, 'children' | 'title' | 'type'> & { to?: never; as?: never };
/** A row that only shows something; its buttons, if any, sit in `end`. */
type PlainRow = { as: 'li' | 'div'; className?: string; to?: never } & AriaAttributes & DataAttributes;

/**
 * One row of a `ui-list`: a link when given `to`, a plain `<li>` or `<div>` when given `as`, a button otherwise.
 * The row's parts keep one order: icon, then title over its details, then the end part, then the end icon.
 */
export type ListItemProps = ListItemContent & (LinkRow | ButtonRow | PlainRow);

export function ListItem(props: ListItemProps) {
  const { icon, iconSize, iconLabel, title, titleClassName, children, end, endIcon, endIconSize, className, ...element } = props;
  const content = (
    <>
      {icon && <LeadingIcon icon={icon} size={iconSize} label={iconLabel} />}
      <span className="ui-list-item__text">
        <span className={classNames('ui-list-item__title', titleClassName)}>{title}</span>
        {children}
      </span>
      {end}
      {endIcon && <EndIcon icon={endIcon} size={endIconSize} />}
    </>
  );
  const rowClass = classNames('ui-list-item', className);
  if ('to' in element && element.to !== undefined) {
    return (
      <Link {...element} className={rowClass}>
        {content}
      </Link>
    );
  }
  if ('as' in element && element.as !== undefined) {
    const { as: Tag, ...attributes } = element;
    return (
      <Tag {...attributes} className={rowClass}>
        {content}
      </Tag>
    );
  }
  return (
    <button {...(element as ButtonRow)} type="button" className={rowClass}>
      {content}
    </button>
  );
}

/** One line under a row's title. */
export function ListItemDetail({ className, ...rest }: ComponentPropsWithRef<'span'>) {
  return <span {...rest} className={classNames('ui-list-item__detail', className)} />;
}

function LeadingIcon({ icon, size = 22, label }: { icon: LucideIcon | ReactElement; size?: number | undefined; label?: string | undefined }) {
  if (isValidElement(icon)) return icon;
  const Icon = icon;
  return label ? (
    <Icon className="ui-list-item__icon" size={size} aria-label={label} />
  ) : (
    <Icon className="ui-list-item__icon" size={size} aria-hidden="true" />
  );
}

function EndIcon({ icon: Icon, size = 20 }: { icon: LucideIcon; size?: number | undefined }) {
  return <Icon className="ui-list-item__end" size={size} aria-hidden="true" />;
}
