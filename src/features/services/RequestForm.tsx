import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import Save from 'lucide-react/icons/save';
import { isEmployedAt } from '../../domain/employment.js';
import { REQUEST_DESCRIPTION_MAX } from '../../domain/serviceStatus.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { Select, type SelectOption } from '../../ui/Select.js';
import { TextArea } from '../../ui/TextArea.js';
import { fromLocalInput, toLocalInput } from './format.js';
import { fromCatalogue, useServiceCatalogue } from './catalogue.js';
import { useCompanies, useCompanyStaff } from '../../entities/company/queries.js';
import { personLabel } from '../../entities/person/label.js';
import type { RequestFields } from './writes.js';
import { Alert } from '../../ui/Alert.js';
import { DateTimeField } from '../../ui/DateTimeField.js';

const NONE = '';

export interface RequestFormValues extends RequestFields {
  companyId: string | null;
}

/** Which company the request is for: fixed (shown or not), or an admin's choice. */
export type CompanyChoice = { kind: 'fixed'; companyId: string | null } | { kind: 'choose'; initial: string | null };

/**
 * Opening or editing a request, in a dialog: what to do, when (optional), who does it (the company's current staff),
 * and for admins which company. Times are typed in the device's time zone and stored as instants.
 */
export function RequestFormDialog({
  title,
  submitLabel,
  initial,
  company,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: RequestFields;
  company: CompanyChoice;
  onSubmit: (values: RequestFormValues) => Promise<void>;
  onClose: () => void;
}) {
  const formId = useId();
  const ids = { description: useId(), start: useId(), end: useId(), assignee: useId(), company: useId(), catalogue: useId() };
  const [description, setDescription] = useState(initial.description);
  const [start, setStart] = useState(initial.scheduleStart ? toLocalInput(Date.parse(initial.scheduleStart)) : '');
  const [end, setEnd] = useState(initial.scheduleEnd ? toLocalInput(Date.parse(initial.scheduleEnd)) : '');
  const suggested = company.kind === 'fixed' ? company.companyId : company.initial;
  const [companyId, setCompanyId] = useState(suggested);
  const [companyPicked, setCompanyPicked] = useState(false);
  // A suggestion that arrives after the form opened (the server's answer) is taken while the field is untouched.
  useEffect(() => {
    if (!companyPicked) setCompanyId(suggested);
  }, [suggested, companyPicked]);
  const [assignee, setAssignee] = useState(initial.assignedUserId ?? NONE);
  const [errors, setErrors] = useState<{ description?: string; schedule?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const companies = useCompanies();
  const catalogue = useServiceCatalogue(companyId);
  const [picked, setPicked] = useState(NONE);
  const staff = useCompanyStaff(companyId);
  const staffOptions = useMemo<SelectOption[]>(() => {
    const now = Date.now();
    const current = staff.rows.filter((link) => isEmployedAt(link.start_date, link.end_date, now));
    const options = [...new Map(current.map((link) => [link.user_id, personLabel(link.user_name)])).entries()];
    // Someone assigned earlier who has left stays shown (and selected) until the request is given to someone else.
    if (initial.assignedUserId && !options.some(([id]) => id === initial.assignedUserId)) {
      const former = staff.rows.find((link) => link.user_id === initial.assignedUserId);
      options.push([initial.assignedUserId, `${personLabel(former?.user_name)} (no longer with the company)`]);
    }
    return [{ value: NONE, label: 'Nobody yet' }, ...options.map(([value, label]) => ({ value, label }))];
  }, [staff.rows, initial.assignedUserId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = description.trim();
    const startMs = fromLocalInput(start);
    const endMs = fromLocalInput(end);
    const found: typeof errors = {};
    if (text === '') found.description = 'Describe the work to be done';
    if (endMs !== null && startMs !== null && endMs < startMs) found.schedule = 'The end is before the start';
    if (endMs !== null && startMs === null) found.schedule = 'Give a start for the schedule too';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit({
        description: text,
        scheduleStart: startMs === null ? null : new Date(startMs).toISOString(),
        scheduleEnd: endMs === null ? null : new Date(endMs).toISOString(),
        assignedUserId: assignee === NONE || companyId === null ? null : assignee,
        companyId,
      });
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : String(err) });
      setBusy(false);
    }
  }

  const companyOptions: SelectOption[] = [
    { value: NONE, label: 'No company' },
    ...companies.rows.map((c) => ({ value: c.id, label: c.name || 'Unnamed company' })),
  ];

  return (
    <Dialog
      title={title}
      name="service-request-form"
      onClose={onClose}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} icon={Save} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="request-form" onSubmit={(e) => void submit(e)} data-form="service-request" noValidate>
        {catalogue.length > 0 && (
          <Select
            id={ids.catalogue}
            name="catalogue"
            label="From the catalogue"
            hint="Fills in the description and, with a start, the usual end."
            value={picked}
            options={[{ value: NONE, label: 'Choose a service (optional)' }, ...catalogue.map((c) => ({ value: c.id, label: c.name }))]}
            onChange={(value) => {
              setPicked(value);
              const entry = catalogue.find((c) => c.id === value);
              if (entry === undefined) return;
              const filled = fromCatalogue(entry, fromLocalInput(start));
              setDescription(filled.description.slice(0, REQUEST_DESCRIPTION_MAX));
              setErrors((e) => ({ ...e, description: undefined }));
              if (filled.endMs !== null) setEnd(toLocalInput(filled.endMs));
            }}
          />
        )}
        <TextArea
          id={ids.description}
          name="description"
          label="What needs doing"
          value={description}
          rows={4}
          maxLength={REQUEST_DESCRIPTION_MAX}
          errors={errors.description ? [errors.description] : []}
          data-autofocus=""
          onChange={(value) => {
            setDescription(value);
            setErrors((e) => ({ ...e, description: undefined }));
          }}
        />
        <fieldset className="request-form__schedule">
          <legend>Schedule (optional)</legend>
          <DateTimeField
            id={ids.start}
            name="schedule-start"
            label="Starts"
            errors={errors.schedule ? [errors.schedule] : []}
            value={start}
            onChange={setStart}
          />
          <DateTimeField id={ids.end} name="schedule-end" label="Ends" value={end} onChange={setEnd} />
        </fieldset>
        {company.kind === 'choose' && (
          <Select
            id={ids.company}
            name="company"
            label="Company"
            value={companyId ?? NONE}
            options={companyOptions}
            onChange={(value) => {
              setCompanyPicked(true);
              setCompanyId(value === NONE ? null : value);
              setAssignee(NONE);
              setPicked(NONE);
            }}
          />
        )}
        {/* Only a device that holds the company's staff (its employees, admins) can offer them; elsewhere the
            assignment is left as it is. */}
        {companyId !== null && staff.rows.length > 0 && (
          <Select id={ids.assignee} name="assignee" label="Assigned to" value={assignee} options={staffOptions} onChange={setAssignee} />
        )}
        {errors.form && (
          <Alert tone="error">
            {errors.form}
          </Alert>
        )}
      </form>
    </Dialog>
  );
}
