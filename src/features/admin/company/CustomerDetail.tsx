import { useState } from 'react';
import Pencil from 'lucide-react/icons/pencil';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import Trash2 from 'lucide-react/icons/trash-2';
import { serverMessage } from '../../../rpc/interceptors.js';
import { useCurrentUser } from '../../../rpc/session.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { Loading } from '../../../ui/Loading.js';
import { companyClient } from '../../../rpc/adminClients.js';
import { formatTime } from '../../../ui/formatTime.js';
import { RequestRows } from '../RequestRows.js';
import { useRemote } from '../../../rpc/useRemote.js';
import { VehicleRows } from '../VehicleRows.js';
import { CustomerFormDialog } from './CustomerForm.js';
import { Alert } from '../../../ui/Alert.js';

/** One customer with their vehicles and requests; edit, soft delete and restore. */
export function CustomerDetail({ customerId }: { customerId: string }) {
  const detail = useRemote(`customer:${customerId}`, () => companyClient().getCustomer({ customerId }));
  // Administrators read a customer as admins wherever they open it; everyone else as the customer's company.
  const reader = useCurrentUser()?.isAdmin ? 'admin' : 'company';
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (detail.data === null) return detail.status === 'error' ? <Alert tone="error">{detail.error}</Alert> : <Loading />;
  const { customer: c, vehicles, requests } = detail.data;
  if (!c) return null;
  const setDeleted = async (deleted: boolean) => {
    setProblem(null);
    try {
      await companyClient().setCustomerDeleted({ customerId, deleted });
      detail.reload();
    } catch (error) {
      setProblem(serverMessage(error));
    }
  };
  return (
    <>
      <Card aria-labelledby="customer-title" data-customer-state={c.deletedAt === 0n ? 'live' : 'deleted'}>
        <h2 id="customer-title">{c.name}</h2>
        {c.deletedAt !== 0n && <Alert tone="info">Deleted on {formatTime(c.deletedAt)}. Restore to use it again.</Alert>}
        <dl className="ui-details">
          <dt>Email</dt>
          <dd data-field="customer-email">{c.email || '—'}</dd>
          <dt>Phone</dt>
          <dd>{c.phone || '—'}</dd>
          <dt>Company</dt>
          <dd>{c.companyName || 'None'}</dd>
          <dt>Note</dt>
          <dd style={{ whiteSpace: 'pre-line' }}>{c.note || '—'}</dd>
        </dl>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="ui-button-row">
          <Button variant="secondary" icon={Pencil} onClick={() => setEditing(true)} data-action="edit-customer">
            Edit
          </Button>
          {c.deletedAt === 0n ? (
            <Button variant="danger" icon={Trash2} onClick={() => setDeleted(true)} data-action="delete-customer">
              Delete
            </Button>
          ) : (
            <Button variant="secondary" icon={RotateCcw} onClick={() => setDeleted(false)} data-action="restore-customer">
              Restore
            </Button>
          )}
        </div>
      </Card>
      <Card aria-labelledby="customer-vehicles">
        <h2 id="customer-vehicles">Vehicles</h2>
        {vehicles.length === 0 ? <p className="ui-muted">No vehicles linked to this customer.</p> : <VehicleRows vehicles={vehicles} label="Customer vehicles" reader={reader} />}
      </Card>
      <Card aria-labelledby="customer-requests">
        <h2 id="customer-requests">Service requests</h2>
        {requests.length === 0 ? <p className="ui-muted">No requests.</p> : <RequestRows requests={requests} />}
      </Card>
      {editing && (
        <CustomerFormDialog
          title="Edit customer"
          initial={{ name: c.name, email: c.email, phone: c.phone, note: c.note }}
          onClose={() => setEditing(false)}
          onSubmit={async (value) => {
            await companyClient().saveCustomer({ id: c.id, companyId: c.companyId, ...value });
            detail.reload();
          }}
        />
      )}
    </>
  );
}
