import { useId, useState } from 'react';
import { EMPLOYEE_TYPES, EMPLOYEE_TYPE_LABELS } from '../../domain/company.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { Loading } from '../../ui/Loading.js';
import { Select } from '../../ui/Select.js';
import { useCompanies } from '../../entities/company/queries.js';
import { adminClient, companyClient } from '../../rpc/adminClients.js';
import { formatTime } from '../../ui/formatTime.js';
import { useRemote } from '../../rpc/useRemote.js';
import { useServerAction } from '../../rpc/useServerAction.js';
import { VehicleRows } from './VehicleRows.js';
import { Alert } from '../../ui/Alert.js';

/** /admin/users/{id}: the account, its vehicles, company links and sessions; admin rights and links change here. */
export function UserPage({ userId }: { userId: string }) {
  const detail = useRemote(`user:${userId}`, () => adminClient().getUser({ userId }));
  const { busy, problem, run: act } = useServerAction(detail.reload);
  if (detail.data === null) return detail.status === 'error' ? <Alert tone="error">{detail.error}</Alert> : <Loading />;
  const { user, vehicles, links, sessions } = detail.data;
  if (!user) return null;
  return (
    <>
      <Card aria-labelledby="admin-user-title" data-user={user.email}>
        <h2 id="admin-user-title">{user.displayName || user.email}</h2>
        <dl className="ui-details">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Joined</dt>
          <dd>{formatTime(user.createdAt)}</dd>
          <dt>Role</dt>
          <dd data-field="role">{user.isAdmin ? 'Administrator' : 'User'}</dd>
        </dl>
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="ui-button-row">
          <Button
            variant={user.isAdmin ? 'danger' : 'secondary'}
            busy={busy}
            data-action={user.isAdmin ? 'revoke-admin' : 'grant-admin'}
            onClick={() => act(() => adminClient().setAdmin({ userId, isAdmin: !user.isAdmin }))}
          >
            {user.isAdmin ? 'Revoke admin rights' : 'Make admin'}
          </Button>
        </div>
      </Card>
      <Card aria-labelledby="admin-user-companies">
        <h2 id="admin-user-companies">Companies</h2>
        {links.length === 0 && <p className="ui-muted">Not linked to any company.</p>}
        {links.length > 0 && (
          <ul className="ui-list" data-list="links">
            {links.map((l) => (
              <ListItem
                as="li"
                key={l.id}
                data-link={l.id}
                data-current={l.current ? '1' : '0'}
                title={l.companyName}
                end={
                  l.current && (
                    <Button variant="text" busy={busy} onClick={() => act(() => companyClient().endEmployee({ linkId: l.id }))}>
                      End link
                    </Button>
                  )
                }
              >
                <ListItemDetail>
                  {EMPLOYEE_TYPE_LABELS[l.type as keyof typeof EMPLOYEE_TYPE_LABELS] ?? (l.type || 'Employee')} · from {formatTime(l.startDate, false)}
                  {l.endDate !== 0n ? ` to ${formatTime(l.endDate, false)}` : ''}
                </ListItemDetail>
              </ListItem>
            ))}
          </ul>
        )}
        <AddLink email={user.email} busy={busy} onAdd={(companyId, type) => act(() => companyClient().addEmployee({ companyId, email: user.email, type }))} />
      </Card>
      <Card aria-labelledby="admin-user-vehicles">
        <h2 id="admin-user-vehicles">Vehicles</h2>
        {vehicles.length === 0 ? <p className="ui-muted">No vehicles.</p> : <VehicleRows vehicles={vehicles} label="Their vehicles" reader="admin" />}
      </Card>
      <Card aria-labelledby="admin-user-sessions">
        <h2 id="admin-user-sessions">Signed-in devices</h2>
        {sessions.length === 0 ? (
          <p className="ui-muted">No live sessions.</p>
        ) : (
          <ul className="ui-list" data-list="sessions">
            {sessions.map((s) => (
              <ListItem as="li" key={s.idPrefix + String(s.createdAt)} title={`${s.device || 'A device'}${s.remember ? ' · trusted' : ''}`} data-session={s.idPrefix}>
                <ListItemDetail>
                  Signed in {formatTime(s.createdAt)} · last seen {formatTime(s.lastSeenAt)} · ends {formatTime(s.expiresAt)}
                </ListItemDetail>
              </ListItem>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function AddLink({ busy, onAdd }: { email: string; busy: boolean; onAdd: (companyId: string, type: string) => void }) {
  const companies = useCompanies();
  const ids = { company: useId(), type: useId() };
  const [companyId, setCompanyId] = useState('');
  const [type, setType] = useState<string>('worker');
  return (
    <div className="admin-filters">
      <Select
        id={ids.company}
        name="link-company"
        label="Company"
        value={companyId}
        options={[{ value: '', label: 'Choose…' }, ...companies.rows.map((c) => ({ value: c.id, label: c.name ?? 'Unnamed company' }))]}
        onChange={setCompanyId}
      />
      <Select id={ids.type} name="link-type" label="As" value={type} options={EMPLOYEE_TYPES.map((t) => ({ value: t, label: EMPLOYEE_TYPE_LABELS[t] }))} onChange={setType} />
      <Button variant="secondary" busy={busy} disabled={companyId === ''} data-action="add-link" onClick={() => onAdd(companyId, type)}>
        Add to company
      </Button>
    </div>
  );
}
