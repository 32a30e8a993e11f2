import { useId, useState } from 'react';
import Trash2 from 'lucide-react/icons/trash-2';
import Wrench from 'lucide-react/icons/wrench';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { ListItem, ListItemDetail } from '../../../ui/ListItem.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { FormField } from '../../../ui/FormField.js';
import { IconButton } from '../../../ui/IconButton.js';
import { Loading } from '../../../ui/Loading.js';
import { companyClient } from '../../../rpc/adminClients.js';
import { useRemote } from '../../../rpc/useRemote.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { Alert } from '../../../ui/Alert.js';

/** /company/services: the company's catalogue of service types (name, description, typical duration). */
export function CompanyServices({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const services = useRemote(`services:${companyId}`, () => companyClient().listServices({ companyId }));
  const ids = { name: useId(), description: useId(), duration: useId() };
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [duration, setDuration] = useState('');
  const { busy, problem, run: act } = useServerAction(services.reload);
  const rows = services.data?.services ?? [];
  return (
    <Card aria-labelledby="company-services">
      <h2 id="company-services">Services</h2>
      <p className="ui-muted">The kinds of work the company offers, with how long each usually takes.</p>
      {services.data === null && services.status === 'loading' && <Loading />}
      {services.status === 'ready' && rows.length === 0 && (
        <EmptyState icon={Wrench} title="No services yet">
          <p>{canManage ? 'Add the work you offer.' : 'The company’s owners and managers add the work it offers.'}</p>
        </EmptyState>
      )}
      {rows.length > 0 && (
        <ul className="ui-list" data-list="services">
          {rows.map((s) => (
            <ListItem
              as="li"
              key={s.id}
              data-service={s.name}
              icon={Wrench}
              iconSize={20}
              title={s.name}
              end={canManage && <IconButton icon={Trash2} label={`Remove ${s.name}`} onClick={() => act(() => companyClient().setServiceDeleted({ serviceId: s.id }))} />}
            >
              <ListItemDetail>{[s.description, s.durationMinutes ? `about ${s.durationMinutes} min` : null].filter(Boolean).join(' · ') || '—'}</ListItemDetail>
            </ListItem>
          ))}
        </ul>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      {canManage && (
        <form
          className="admin-filters"
          onSubmit={async (event) => {
            event.preventDefault();
            const minutes = duration.trim() === '' ? 0 : Number(duration);
            if (await act(() => companyClient().saveService({ companyId, name, description, durationMinutes: Number.isFinite(minutes) ? minutes : -1 }))) {
              setName('');
              setDescription('');
              setDuration('');
            }
          }}
        >
          <FormField id={ids.name} name="service-name" label="Service" type="text" value={name} onChange={setName} />
          <FormField id={ids.description} name="service-description" label="Description" type="text" value={description} onChange={setDescription} />
          <FormField id={ids.duration} name="service-duration" label="Minutes" type="text" value={duration} onChange={setDuration} />
          <Button type="submit" variant="secondary" busy={busy} data-action="add-service">
            Add service
          </Button>
        </form>
      )}
    </Card>
  );
}
