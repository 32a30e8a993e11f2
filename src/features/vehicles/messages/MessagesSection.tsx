import { useEffect, useId, useRef, useState } from 'react';
import MessageSquare from 'lucide-react/icons/message-square';
import Reply from 'lucide-react/icons/reply';
import Trash2 from 'lucide-react/icons/trash-2';
import { replyToMessage } from '../../../data/ownerContact.js';
import { useOnline } from '../../../data/online.js';
import { CONTACT_LIMITS, contactReasonLabel } from '../../../domain/ownerContact.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { Alert } from '../../../ui/Alert.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { Checkbox } from '../../../ui/Checkbox.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { IconButton } from '../../../ui/IconButton.js';
import { Loading } from '../../../ui/Loading.js';
import { TextArea } from '../../../ui/TextArea.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { markMessagesRead, removeMessage, setContactOff, useVehicleMessages, type MessageData } from '../data/messages.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { formatDateTime } from '../format.js';
import './messages.css';

/**
 * Messages: what visitors sent the owner through the vehicle's tag (read offline from the device), each answerable
 * once when its sender left a way, and the switch that turns messages through the tag off.
 */
export function MessagesSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const messages = useVehicleMessages(vehicleId);
  // Messages seen unread on this page (when it opened, or arriving while it is open) stay marked new while it is
  // open; showing them here is reading them.
  const fresh = useRef(new Set<string>());
  for (const m of messages.rows) if (!m.read_at) fresh.current.add(m.id);
  useEffect(() => {
    const unread = messages.rows.filter((m) => !m.read_at).map((m) => m.id);
    if (unread.length > 0) void markMessagesRead(unread).catch((error: unknown) => console.error('Could not mark messages read', error));
  }, [messages.rows]);
  const savedOff = area.vehicle?.contact_off === 1;
  // The switch moves at once; the saved row takes over when it lands (a failed save goes back to it).
  const [chosenOff, setChosenOff] = useState<boolean | null>(null);
  useEffect(() => setChosenOff(null), [savedOff]);
  if (messages.status === 'loading') return <Loading />;
  const contactOff = chosenOff ?? savedOff;
  return (
    <>
      <Card aria-labelledby="messages-title" data-card="messages">
        <h2 id="messages-title">Messages through the tag</h2>
        {messages.rows.length === 0 ? (
          <EmptyState icon={MessageSquare} title="No messages">
            <p>Anyone who scans this vehicle's tag can tell you something — your lights are on, it is about to be towed — without either of you seeing the other's details.</p>
          </EmptyState>
        ) : (
          <ul className="owner-messages">
            {messages.rows.map((m) => (
              <MessageItem key={m.id} message={m} isNew={fresh.current.has(m.id)} />
            ))}
          </ul>
        )}
      </Card>
      <Card aria-labelledby="contact-settings-title">
        <h2 id="contact-settings-title">Taking messages</h2>
        <Checkbox
          name="contact_on"
          label="Let people who scan the tag send me messages"
          checked={!contactOff}
          onChange={(on) => {
            setChosenOff(!on);
            setContactOff(vehicleId, !on).then(
              () => showSnackbar({ severity: 'success', message: on ? 'Messages through the tag are on.' : 'Messages through the tag are off.' }),
              (error: unknown) => {
                console.error('Could not change messages', error);
                setChosenOff(null);
                showSnackbar({ severity: 'error', message: 'It could not be changed. Try again.' });
              },
            );
          }}
        />
        <p className="ui-muted">
          Limits keep it from being abused: a few messages per tag each hour, and per sender. Nobody learns your address, and you never see theirs.
        </p>
      </Card>
    </>
  );
}

function MessageItem({ message, isNew }: { message: MessageData; isNew: boolean }) {
  const id = useId();
  const online = useOnline();
  const [answer, setAnswer] = useState('');
  const [answering, setAnswering] = useState(false);
  const action = useServerAction(() => setAnswering(false));
  return (
    <li className="owner-message" data-message={message.id} data-new={isNew ? '' : undefined}>
      <div className="owner-message__head">
        <span className="owner-message__reason">{contactReasonLabel(message.reason)}</span>
        {isNew && <span className="owner-message__new">New</span>}
        <IconButton
          icon={Trash2}
          label="Remove this message"
          iconSize={20}
          onClick={() => void removeMessage(message.id).then(() => showSnackbar({ severity: 'success', message: 'Message removed.' }))}
        />
      </div>
      {message.body && <p className="owner-message__body">{message.body}</p>}
      <time className="ui-muted" dateTime={message.created_at ?? undefined}>
        {formatDateTime(message.created_at)}
      </time>
      {message.reply ? (
        <p className="owner-message__reply" data-reply="">
          <Reply size={16} aria-hidden="true" /> You answered: {message.reply}
        </p>
      ) : message.can_reply ? (
        answering ? (
          <form
            className="owner-message__answer"
            onSubmit={(e) => {
              e.preventDefault();
              void action.run(() => replyToMessage(message.id, answer.trim()));
            }}
          >
            <TextArea id={`${id}-answer`} name="answer" label="Your answer (once; they do not see your address)" rows={3} maxLength={CONTACT_LIMITS.reply} value={answer} onChange={setAnswer} />
            {action.problem && <Alert tone="error">{action.problem}</Alert>}
            {!online && <Alert tone="info">You're offline: an answer needs the network.</Alert>}
            <div className="ui-button-row ui-button-row--end">
              <Button variant="text" onClick={() => setAnswering(false)}>
                Cancel
              </Button>
              <Button type="submit" icon={Reply} busy={action.busy} disabled={!online || answer.trim() === ''}>
                Send answer
              </Button>
            </div>
          </form>
        ) : (
          <div className="ui-button-row">
            <Button variant="secondary" icon={Reply} onClick={() => setAnswering(true)} data-action="answer">
              Answer
            </Button>
          </div>
        )
      ) : (
        <p className="ui-muted">They left no way to answer.</p>
      )}
    </li>
  );
}
