import { useId, useState, type FormEvent } from 'react';
import Save from 'lucide-react/icons/save';
import { checkCustomer, LIMITS, type CustomerInput } from '../../../domain/company.js';
import { serverMessage } from '../../../rpc/interceptors.js';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
import { FormAlert, FormField } from '../../../ui/FormField.js';
import { TextArea } from '../../../ui/TextArea.js';

/** Creating or editing a customer, checked as typed with the server's own rules (src/domain/company.ts). */
export function CustomerFormDialog({
  title,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: CustomerInput;
  onSubmit: (value: CustomerInput) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const ids = { name: useId(), email: useId(), phone: useId(), note: useId() };
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { value, errors } = checkCustomer(values);
  const shown = touched ? errors : {};
  const set = (key: keyof CustomerInput) => (v: string) => {
    setValues((s) => ({ ...s, [key]: v }));
    setProblem(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(value);
      onClose();
    } catch (error) {
      setProblem(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const list = (message: string | undefined) => (message ? [message] : []);
  return (
    <Dialog
      title={title}
      name="customer-form"
      onClose={onClose}
      footer={
        <>
          <Button variant="text" onClick={onClose} data-action="cancel-customer">
            Cancel
          </Button>
          <Button type="submit" form={formId} icon={Save} busy={busy} data-action="save-customer">
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="ui-form" onSubmit={submit} noValidate>
        <FormField id={ids.name} name="name" label="Name" type="text" value={values.name} onChange={set('name')} errors={list(shown.name)} />
        <FormField id={ids.email} name="email" label="Email" type="email" value={values.email} onChange={set('email')} errors={list(shown.email)} />
        <FormField id={ids.phone} name="phone" label="Phone" type="text" value={values.phone} onChange={set('phone')} errors={list(shown.phone)} />
        <TextArea id={ids.note} name="note" label="Note" rows={4} maxLength={LIMITS.customerNote} value={values.note} onChange={set('note')} errors={list(shown.note)} />
        {problem && <FormAlert messages={[problem]} />}
      </form>
    </Dialog>
  );
}
