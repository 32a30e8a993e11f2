import { useId, useState, type FormEvent } from 'react';
import Replace from 'lucide-react/icons/replace';
import { useOnline } from '../../../data/online.js';
import { isTagHash } from '../../../domain/ids.js';
import { QrTagService } from '../../../gen/tagbook/v1/qr_tag_pb.js';
import { rpcClient } from '../../../rpc/transport.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { Alert } from '../../../ui/Alert.js';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
import { FormField } from '../../../ui/FormField.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';

/**
 * Replacing a damaged or lost tag (QrTagService.ReplaceTag, online): the owner or an admin types the code printed on a
 * new, free sticker. The new tag opens the vehicle from then on; the old one opens nothing and can never be claimed,
 * and the vehicle's logbook tells the swap.
 */
export function ReplaceTagDialog({ vehicleId, oldHash, name, onClose }: { vehicleId: string; oldHash: string; name: string; onClose: () => void }) {
  const id = useId();
  const online = useOnline();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const replace = useServerAction(() => undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!isTagHash(typed)) return setError('Type the 8 to 16 letters or digits printed under the new QR image');
    await replace.run(async () => {
      const { hash } = await rpcClient(QrTagService).replaceTag({ vehicleId, oldHash, newHash: typed });
      showSnackbar({ severity: 'success', message: `Tag ${hash} now opens ${name}; ${oldHash} opens nothing.` });
      onClose();
    });
  }

  return (
    <Dialog title="Replace tag" name="replace-tag" onClose={onClose}>
      <form className="ui-form" data-form="replace-tag" onSubmit={(e) => void submit(e)} noValidate>
        <p>
          Tag <code>{oldHash}</code> stops opening {name} and can never be claimed by anyone. Its history stays with the vehicle.
        </p>
        <FormField
          id={`${id}-code`}
          name="new-tag"
          label="New tag’s code"
          type="text"
          autoComplete="off"
          value={code}
          onChange={(v) => {
            setCode(v.toUpperCase());
            setError(null);
          }}
          errors={error ? [error] : []}
        />
        {replace.problem && <Alert tone="error">{replace.problem}</Alert>}
        {!online && <Alert tone="info">You're offline: replacing a tag needs the network.</Alert>}
        <div className="ui-button-row ui-button-row--end">
          <Button type="submit" icon={Replace} busy={replace.busy} disabled={!online} data-action="replace-tag">
            Replace tag
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
