import { useEffect, useState } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleSlash from 'lucide-react/icons/circle-slash';
import CirclePlus from 'lucide-react/icons/circle-plus';
import Link2 from 'lucide-react/icons/link-2';
import LogIn from 'lucide-react/icons/log-in';
import WifiOff from 'lucide-react/icons/wifi-off';
import { authHref } from '../../app/authLinks.js';
import { navigate } from '../../ui/navigation.js';
import { useLocation } from '../../app/router.js';
import { registerPath, vehiclePath } from '../../app/routes.js';
import { claimTag, createTags, firstRemoteTag, resolveTagPatiently, useLocalTag, type RemoteTag } from '../../data/tags.js';
import { createVehicle } from '../../data/vehicles.js';
import { serverMessage } from '../../rpc/interceptors.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Card } from '../../ui/Card.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { AssignVehicleDialog, type AssignChoice } from './AssignVehicleDialog.js';
import { availabilityText, pickLocalTag, tagAvailability, tagCode, type TagAvailability } from './availability.js';
import { LinkedVehicle } from './LinkedVehicle.js';
import { Spinner } from '../../ui/Spinner.js';
import { mayManageTags } from '../../domain/access.js';

/**
 * The server's answer for a tag this device does not hold (unclaimed tags are not synced to anyone); asked again when
 * the network returns, and on `recheck` after a change made through the server.
 */
function useRemoteTag(hash: string, needed: boolean): { remote: RemoteTag | null; recheck: () => void } {
  // The page's first answer stands until the server answers again (no flash of 'checking' in between).
  const [remote, setRemote] = useState<RemoteTag | null>(() => firstRemoteTag(hash));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    setRemote(attempt === 0 ? firstRemoteTag(hash) : null);
    const take = (res: RemoteTag) => current && setRemote(res);
    // Online yet unanswered for a while (lie-fi): carry on as offline, and take the answer if it comes after all.
    const answer = navigator.onLine ? resolveTagPatiently(hash, take) : Promise.resolve<RemoteTag>({ status: 'unreachable' });
    answer.then(
      take,
      (error: unknown) => {
        console.error('Tag check failed', error);
        if (current) setRemote({ status: 'unreachable' });
      },
    );
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => {
      current = false;
      window.removeEventListener('online', again);
    };
  }, [hash, needed, attempt]);
  return { remote, recheck: () => setAttempt((n) => n + 1) };
}

const STATUS_ICON = { available: CircleCheck, unchecked: WifiOff } as const;

/** What a claim that made a new vehicle adds to its confirmation. */
export const NEW_VEHICLE_IS_PRIVATE = 'It is private: only you see it until you make it public on its profile.';

/**
 * The QR tag assignment row: whether the tag is free and, when it is, the ways to take it: 'Assign Vehicle' for
 * anyone signed in (a vehicle of theirs or a new one), or 'Assign Entity' on a vehicle's own page (that vehicle) and,
 * for admins, 'Assign Tag' on a code no tag has yet (add the tag itself, unclaimed).
 * A claim is a local write that works offline; the server decides, and a lost race is told through the
 * notification bar once synced.
 */
export function TagAssignment({ hash, vehicleId }: { hash: string; /** Set on a vehicle's page: 'Assign Entity' links the tag to it. */ vehicleId?: string }) {
  const user = useCurrentUser();
  const location = useLocation();
  const local = useLocalTag(hash);
  const loaded = local.status !== 'loading';
  const row = pickLocalTag(local.rows, hash);
  const { remote, recheck } = useRemoteTag(hash, loaded && row === null);
  // Until the device's database has opened, the page's first answer speaks for it: the tag is not held here.
  const availability = tagAvailability({ loaded: loaded || firstRemoteTag(hash) !== null, row }, remote);
  // A code typed in another case or with a look-alike names the tag by its own code from here on: the claim writes
  // that one, and the register page's address shows it.
  const code = tagCode(hash, row, remote);
  useEffect(() => {
    if (vehicleId === undefined && code !== hash) navigate(registerPath(code), { replace: true });
  }, [code, hash, vehicleId]);
  const [assigning, setAssigning] = useState(false);
  const [adding, setAdding] = useState(false);

  async function assign(choice: AssignChoice) {
    if (user === null) return;
    const vehicleId = 'vehicleId' in choice ? choice.vehicleId : await createVehicle(user.id, choice.newVehicleName);
    const name = 'vehicleId' in choice ? choice.name : choice.newVehicleName;
    await claimTag(code, vehicleId);
    setAssigning(false);
    // A vehicle made for the claim starts private: the person is told, so a scan by someone else is no surprise.
    const privacy = 'vehicleId' in choice ? '' : ` ${NEW_VEHICLE_IS_PRIVATE}`;
    showSnackbar(
      navigator.onLine
        ? { severity: 'success', message: `Tag #${code} assigned to ${name}.${privacy}` }
        : { severity: 'info', message: `Tag #${code} assigned to ${name} on this device; it is confirmed once you are online.${privacy}` },
    );
    navigate(vehiclePath(vehicleId, 'profile'));
  }

  async function assignHere(id: string) {
    await claimTag(code, id);
    showSnackbar(
      navigator.onLine
        ? { severity: 'success', message: `Tag #${code} assigned.` }
        : { severity: 'info', message: `Tag #${code} assigned on this device; it is confirmed once you are online.` },
    );
  }

  async function addTag() {
    setAdding(true);
    try {
      await createTags({ hashes: [hash] });
      recheck();
      showSnackbar({ severity: 'success', message: `Tag #${hash} added. It is free to assign.` });
    } catch (error) {
      showSnackbar({ severity: 'error', message: serverMessage(error) });
    } finally {
      setAdding(false);
    }
  }

  const free = availability.kind === 'available' || availability.kind === 'unchecked';
  // Only a tag that does not exist yet can be added; one that exists, free or not, is refused as existing.
  const canAdd = availability.kind === 'no-such-tag' && mayManageTags(user);
  return (
    <Card
      className="tag-assignment"
      data-tag-assignment={availability.kind}
      aria-labelledby="tag-assignment-status"
      aria-busy={availability.kind === 'checking' ? true : undefined}
    >
      <p id="tag-assignment-status" className="tag-assignment__status" role="status">
        <StatusIcon availability={availability} />
        <span>{availabilityText(code, availability)}</span>
      </p>
      <Explanation availability={availability} />
      {availability.kind === 'linked' && <LinkedVehicle vehicleId={availability.vehicleId} />}
      {(free || canAdd) && (
        <div className="ui-button-row">
          {free && user !== null && vehicleId === undefined && (
            <Button icon={Link2} onClick={() => setAssigning(true)} data-action="assign-vehicle">
              Assign Vehicle
            </Button>
          )}
          {free && user !== null && vehicleId !== undefined && (
            <Button icon={Link2} onClick={() => void assignHere(vehicleId)} data-action="assign-entity">
              Assign Entity
            </Button>
          )}
          {free && user === null && (
            <ButtonLink to={authHref(location, 'login')} icon={LogIn} data-action="sign-in-to-claim">
              Sign in to assign this tag
            </ButtonLink>
          )}
          {canAdd && (
            <Button variant="secondary" icon={CirclePlus} busy={adding} onClick={() => void addTag()} data-action="assign-tag">
              Assign Tag
            </Button>
          )}
        </div>
      )}
      {assigning && user !== null && (
        <AssignVehicleDialog hash={code} userId={user.id} onAssign={assign} onClose={() => setAssigning(false)} />
      )}
    </Card>
  );
}

function StatusIcon({ availability }: { availability: TagAvailability }) {
  if (availability.kind === 'checking') return <Spinner />;
  if (availability.kind === 'linked') return null;
  const Icon = availability.kind === 'available' || availability.kind === 'unchecked' ? STATUS_ICON[availability.kind] : CircleSlash;
  return <Icon size={22} aria-hidden="true" className={`tag-assignment__icon tag-assignment__icon--${availability.kind}`} />;
}

function Explanation({ availability }: { availability: TagAvailability }) {
  switch (availability.kind) {
    case 'available':
      return <p className="ui-muted">This tag is not linked to a vehicle yet. Link it to yours and anyone who scans it opens your vehicle's page.</p>;
    case 'unchecked':
      return (
        <p className="ui-muted">
          You can still assign it now: the assignment is kept on this device and checked when you are back online. If
          someone claimed the tag first, you will be told, and nothing else you saved is lost.
        </p>
      );
    case 'private-vehicle':
      return <p className="ui-muted">This tag belongs to a private vehicle. It cannot be claimed.</p>;
    case 'replaced':
      return <p className="ui-muted">This tag was replaced with a new one on its vehicle. It opens nothing now and cannot be claimed.</p>;
    case 'no-such-tag':
      return <p className="ui-muted">There is no tag with this code. Check the code printed under the QR image.</p>;
    case 'linked':
      return <p className="ui-muted">This tag is linked to this vehicle:</p>;
    case 'checking':
      return null;
  }
}
