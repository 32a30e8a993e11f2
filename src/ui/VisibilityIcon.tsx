import Globe from 'lucide-react/icons/globe';
import Lock from 'lucide-react/icons/lock';

/** A public vehicle shows a globe, a private one a lock; named for screen readers. */
export function VisibilityIcon({ isPublic, size = 20 }: { isPublic: boolean; size?: number }) {
  const Icon = isPublic ? Globe : Lock;
  return (
    <span className="vehicle-visibility" role="img" aria-label={isPublic ? 'Public' : 'Private'} data-visibility={isPublic ? 'public' : 'private'}>
      <Icon size={size} aria-hidden="true" />
    </span>
  );
}
