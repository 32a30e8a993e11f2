import { useId, useState, type FormEvent } from 'react';
import Dices from 'lucide-react/icons/dices';
import Layers from 'lucide-react/icons/layers';
import Printer from 'lucide-react/icons/printer';
import { navigate } from '../../ui/navigation.js';
import { registerPath, tagLabelsPath } from '../../app/routes.js';
import { TAG_BATCH_MAX } from '../../domain/ids.js';
import { createTags, randomTagHash } from '../../data/tags.js';
import { serverMessage } from '../../rpc/interceptors.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Card } from '../../ui/Card.js';
import { Field } from '../../ui/Field.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { Input } from '../../ui/Input.js';

/**
 * Admins make tags: one at a time (getRandom, then /register/{hash} to add and assign it), or a batch of
 * unclaimed tags for printing, which people claim later by scanning.
 */
export function AdminTagTools() {
  const id = useId();
  const [count, setCount] = useState('20');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'random' | 'batch' | null>(null);
  const [made, setMade] = useState<string[]>([]);

  async function newTag() {
    setBusy('random');
    try {
      navigate(registerPath(await randomTagHash()));
    } catch (err) {
      showSnackbar({ severity: 'error', message: serverMessage(err) });
      setBusy(null);
    }
  }

  async function batch(event: FormEvent) {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > TAG_BATCH_MAX) return setError(`Create 1 to ${TAG_BATCH_MAX} tags at a time.`);
    setBusy('batch');
    try {
      const hashes = await createTags({ count: n });
      setMade(hashes);
      showSnackbar({ severity: 'success', message: `${hashes.length} tags created.` });
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`} data-admin-tags="">
      <h2 id={`${id}-title`}>New tags</h2>
      <div className="ui-button-row">
        <Button icon={Dices} busy={busy === 'random'} onClick={() => void newTag()} data-action="new-random-tag">
          New tag
        </Button>
      </div>
      <form className="inline-form" data-form="tag-batch" onSubmit={(e) => void batch(e)} noValidate>
        <Field id={id} name="tag-count" label="Unclaimed tags to print" errors={error ? [error] : []} hint={`1 to ${TAG_BATCH_MAX}`}>
          {(a11y) => (
            <Input
              {...a11y}
              type="number"
              inputMode="numeric"
              min={1}
              max={TAG_BATCH_MAX}
              value={count}
              onChange={(e) => {
                setCount(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" icon={Layers} busy={busy === 'batch'}>
          Create tags
        </Button>
      </form>
      {made.length > 0 && (
        <>
          <ul className="tag-batch" data-tag-batch="">
            {made.map((hash) => (
              <li key={hash}>
                <code>{hash}</code>
              </li>
            ))}
          </ul>
          <div className="ui-button-row">
            <ButtonLink to={tagLabelsPath(made)} icon={Printer} data-action="batch-labels">
              Labels for these tags
            </ButtonLink>
          </div>
        </>
      )}
    </Card>
  );
}
