import UserRound from 'lucide-react/icons/user-round';
import { nameChipText } from '../domain/textLinks.js';

/** A person's name as a compact chip; the full name stays available to screen readers and on hover. */
export function NameChip({ name }: { name: string }) {
  const short = nameChipText(name);
  return (
    <span className="ui-chip" title={name} aria-label={short === name.trim() ? undefined : name} data-name-chip="">
      <UserRound className="ui-chip__icon" aria-hidden="true" />
      {short}
    </span>
  );
}
