import CloudOff from 'lucide-react/icons/cloud-off';
import { useUnsent } from '../data/unsentChanges.js';

/**
 * 'Not sent yet' beside a record this device wrote and the server has not received: the person sees which of
 * their words are only on this phone. It leaves once the upload is through; nothing shows for a sent record.
 */
export function UnsentMark({ table, id }: { table: string; id: string }) {
  const unsent = useUnsent(table, id);
  if (!unsent) return null;
  return (
    <span className="ui-unsent" data-unsent="">
      <CloudOff className="ui-unsent__icon" aria-hidden="true" />
      Not sent yet
    </span>
  );
}
