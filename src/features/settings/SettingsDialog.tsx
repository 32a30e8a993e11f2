import { useEffect, useState } from 'react';
import { ConnectError } from '@connectrpc/connect';
import Database from 'lucide-react/icons/database';
import FileCode from 'lucide-react/icons/file-code';
import HardDrive from 'lucide-react/icons/hard-drive';
import { countUnsentChanges, clearLocalDatabase, RESET_RELOAD_MS } from '../../data/localReset.js';
import { getStorageMode, setStorageMode, STORAGE_MODE_RELOAD_COUNTDOWN_MS, type StorageMode } from '../../data/storage.js';
import { DevToolsService } from '../../gen/tagbook/v1/dev_tools_pb.js';
import { serverMessage } from '../../rpc/interceptors.js';
import { rpcClient } from '../../rpc/transport.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { FormField } from '../../ui/FormField.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { secondsLeft } from './countdown.js';
import './settings.css';
import { Checkbox } from '../../ui/Checkbox.js';

export const PASSWORD_REQUIRED = 'Password is required';

/** The admin settings dialog: storage mode, source maps, database reset. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Experimental Settings" name="settings" onClose={onClose}>
      <div className="settings-sections">
        <StorageModeSection />
        <SourceMapsSection />
        <ResetSection />
      </div>
    </Dialog>
  );
}

function Section({ icon: Icon, title, children }: { icon: typeof Database; title: string; children: React.ReactNode }) {
  return (
    <section className="settings-section" aria-label={title}>
      <h3 className="settings-section__title">
        <Icon aria-hidden="true" className="settings-section__icon" />
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Shows a 3-2-1 countdown, then reloads (after a storage-mode switch). */
function useReloadCountdown(totalMs: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const [startedAt] = useState(() => Date.now());
  useEffect(() => {
    if (totalMs === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 250);
    const reload = window.setTimeout(() => window.location.reload(), totalMs);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(reload);
    };
  }, [totalMs]);
  return totalMs === null ? null : secondsLeft(totalMs, startedAt, now);
}

function StorageModeSection() {
  const current = getStorageMode();
  const [confirming, setConfirming] = useState<StorageMode | null>(null);
  const [switched, setSwitched] = useState(false);
  const next: StorageMode = current === 'auto' ? 'stable' : 'auto';
  return (
    <Section icon={HardDrive} title="Storage mode">
      <p className="ui-muted">
        Now: <strong data-field="storage-mode">{current === 'auto' ? 'Auto (fastest available storage)' : 'Stable (IndexedDB)'}</strong>
      </p>
      {switched ? (
        <SwitchCountdown />
      ) : confirming === null ? (
        <Button variant="secondary" onClick={() => setConfirming(next)} data-action="switch-storage">
          Switch to {next === 'auto' ? 'Auto' : 'Stable'}
        </Button>
      ) : (
        <div className="settings-confirm" role="alert">
          <p>The app reloads on the new storage and downloads your data again. Changes not yet uploaded stay on the old storage until you switch back.</p>
          <div className="settings-actions">
            <Button variant="text" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setStorageMode(confirming);
                setSwitched(true);
              }}
              data-action="confirm-storage"
            >
              Switch and reload
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}

function SwitchCountdown() {
  const left = useReloadCountdown(STORAGE_MODE_RELOAD_COUNTDOWN_MS);
  return (
    <p role="status" data-field="reload-countdown">
      Saved. Reloading in {left}…
    </p>
  );
}

function SourceMapsSection() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (password === '') return setError(PASSWORD_REQUIRED);
    setBusy(true);
    try {
      await rpcClient(DevToolsService).enableSourceMaps({ password });
      setPassword('');
      setError(null);
      showSnackbar({ severity: 'success', message: 'Source maps enabled in this browser.' });
    } catch (err) {
      setError(err instanceof ConnectError ? serverMessage(err) || 'Could not enable source maps' : 'Could not enable source maps');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section icon={FileCode} title="Source maps">
      <p className="ui-muted">Readable stack traces for this browser for a year. A server whose address ends in .dev gives them to everyone.</p>
      <form className="settings-form" data-form="source-maps" onSubmit={(e) => void submit(e)} noValidate>
        <FormField
          id="source-map-password"
          name="password"
          label="Source map password"
          type="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
          errors={error ? [error] : []}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" busy={busy}>
          Enable source maps
        </Button>
      </form>
    </Section>
  );
}

function ResetSection() {
  const [unsent, setUnsent] = useState<number | null>(null);
  const [asked, setAsked] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [resetting, setResetting] = useState(false);
  const ask = async () => {
    setUnsent(await countUnsentChanges().catch(() => 0));
    setAsked(true);
  };
  const reset = async () => {
    setResetting(true);
    await clearLocalDatabase().catch((err: unknown) => console.error('local database reset failed', err));
    window.setTimeout(() => window.location.reload(), RESET_RELOAD_MS);
  };
  const mustAcknowledge = (unsent ?? 0) > 0;
  return (
    <Section icon={Database} title="Database reset">
      <p className="ui-muted">Deletes this device's copy of the data; it downloads again from the server.</p>
      {!asked ? (
        <Button variant="danger" onClick={() => void ask()} data-action="reset-database">
          Reset local database
        </Button>
      ) : (
        <div className="settings-confirm" role="alert" data-unsent={unsent ?? 0}>
          {mustAcknowledge ? (
            <>
              <p>
                <strong>
                  {unsent} change{unsent === 1 ? ' has' : 's have'} not reached the server yet.
                </strong>{' '}
                They exist only on this device and will be lost for good: whatever you added, edited or deleted while
                offline since the last upload.
              </p>
              <Checkbox
                className="settings-check"
                label="I understand these changes will be lost"
                checked={understood}
                onChange={setUnderstood}
                data-field="understood"
              />
            </>
          ) : (
            <p>Every change on this device has reached the server; nothing will be lost.</p>
          )}
          <div className="settings-actions">
            <Button variant="text" onClick={() => setAsked(false)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={mustAcknowledge && !understood} busy={resetting} onClick={() => void reset()} data-action="confirm-reset">
              Reset and reload
            </Button>
          </div>
        </div>
      )}
    </Section>
  );
}
