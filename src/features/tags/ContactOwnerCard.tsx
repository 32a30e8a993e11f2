import { useId, useState, type FormEvent } from 'react';
import MessageSquare from 'lucide-react/icons/message-square';
import Send from 'lucide-react/icons/send';
import { sendToOwner } from '../../data/ownerContact.js';
import { useOnline } from '../../data/online.js';
import { CONTACT_LIMITS, CONTACT_REASONS, isReplyAddress, messageProblem, type ContactReason } from '../../domain/ownerContact.js';
import { useServerAction } from '../../rpc/useServerAction.js';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { Field } from '../../ui/Field.js';
import { Input } from '../../ui/Input.js';
import { RadioOption } from '../../ui/RadioOption.js';
import { TextArea } from '../../ui/TextArea.js';
import './contactOwner.css';

/**
 * Contact the owner through the tag, without signing in: a common reason or one's own words, and, if they want an
 * answer, an address only the relay sees. Neither side sees the other's details (OwnerContactService). The server
 * says when the owner takes no messages or a limit is reached; the form keeps what was typed.
 */
export function ContactOwnerCard({ tagHash }: { tagHash: string }) {
  const id = useId();
  const online = useOnline();
  const [reason, setReason] = useState<ContactReason | ''>('');
  const [body, setBody] = useState('');
  const [replyEmail, setReplyEmail] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; body?: string; replyEmail?: string }>({});
  const [sent, setSent] = useState(false);
  const action = useServerAction(() => setSent(true));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = messageProblem(reason, body.trim());
    const emailProblem = replyEmail.trim() !== '' && !isReplyAddress(replyEmail.trim()) ? 'Type an email address, or leave it empty' : undefined;
    if (problem !== null || emailProblem) {
      setErrors({ ...(problem === null ? {} : reason === '' ? { reason: problem } : { body: problem }), replyEmail: emailProblem });
      return;
    }
    await action.run(() => sendToOwner({ tagHash, reason, body: body.trim(), replyEmail: replyEmail.trim() }));
  }

  return (
    <Card aria-labelledby={`${id}-title`} data-card="contact-owner" data-screen-only="">
      <h2 id={`${id}-title`} className="contact-owner__title">
        <MessageSquare size={20} aria-hidden="true" /> Contact the owner
      </h2>
      {sent ? (
        <Alert tone="success" data-contact-sent="">
          Sent. The owner gets it in Tagbook and by mail{replyEmail.trim() ? ', and can answer once to the address you gave' : ''}.
        </Alert>
      ) : (
        <form className="contact-owner" data-form="contact-owner" onSubmit={(e) => void submit(e)} noValidate>
          <p className="ui-muted">Neither of you sees the other's email address or phone number.</p>
          <fieldset className="ui-choice-group">
            <legend className="contact-owner__legend">What is it about?</legend>
            {CONTACT_REASONS.map((r) => (
              <RadioOption
                key={r.value}
                name="reason"
                value={r.value}
                label={r.label}
                checked={reason === r.value}
                onChoose={() => {
                  setReason(r.value);
                  setErrors((e) => ({ ...e, reason: undefined, body: undefined }));
                }}
              />
            ))}
            {errors.reason && <Alert tone="error">{errors.reason}</Alert>}
          </fieldset>
          <TextArea
            id={`${id}-body`}
            name="body"
            label={reason === 'other' ? 'Message' : 'Message (optional)'}
            rows={3}
            maxLength={CONTACT_LIMITS.body}
            value={body}
            errors={errors.body ? [errors.body] : []}
            onChange={(v) => {
              setBody(v);
              setErrors((e) => ({ ...e, body: undefined }));
            }}
          />
          <Field id={`${id}-reply`} name="reply_email" label="Your email, for an answer (optional)" hint="Only Tagbook sees it; the owner never does." errors={errors.replyEmail ? [errors.replyEmail] : []}>
            {(a11y) => (
              <Input
                {...a11y}
                type="email"
                autoComplete="email"
                maxLength={CONTACT_LIMITS.email}
                value={replyEmail}
                onChange={(e) => {
                  setReplyEmail(e.target.value);
                  setErrors((x) => ({ ...x, replyEmail: undefined }));
                }}
              />
            )}
          </Field>
          {action.problem && <Alert tone="error" data-contact-refused="">{action.problem}</Alert>}
          {!online && <Alert tone="info">You're offline: a message needs the network. It stays here until you send it.</Alert>}
          <div className="ui-button-row ui-button-row--end">
            <Button type="submit" icon={Send} busy={action.busy} disabled={!online}>
              Send to the owner
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
