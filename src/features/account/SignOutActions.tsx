import { useState } from 'react';
import LogOut from 'lucide-react/icons/log-out';
import { navigate } from '../../ui/navigation.js';
import { HOME_PATH } from '../../app/routes.js';
import { logout } from '../../rpc/auth.js';
import { isOfflineError } from '../../rpc/interceptors.js';
import { OFFLINE_MESSAGE } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { Alert } from '../../ui/Alert.js';

export const SIGN_OUT_ALL_FAILED_MESSAGE = 'Could not sign out of all devices. Please try again.';

export function SignOutActions() {
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const signOut = async (allDevices: boolean) => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await logout(allDevices);
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      // Only "all devices" can fail: this device always signs out (see logout).
      setAlert(isOfflineError(error) ? OFFLINE_MESSAGE : SIGN_OUT_ALL_FAILED_MESSAGE);
      setBusy(false);
    }
  };

  return (
    <div className="ui-form form" data-form="sign-out">
      <Alert tone="error" className="form-alert">
        {alert}
      </Alert>
      <div className="ui-button-row form-actions">
        <Button variant="secondary" icon={LogOut} data-action="sign-out" disabled={busy} onClick={() => signOut(false)}>
          Sign out
        </Button>
        <Button
          variant="danger"
          data-action="sign-out-all"
          disabled={busy}
          onClick={() => signOut(true)}
        >
          Sign out of all devices
        </Button>
      </div>
    </div>
  );
}
