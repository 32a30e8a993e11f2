import { SectionTabs } from '../../../ui/SectionTabs.js';
import { useId, useState } from 'react';
import Building2 from 'lucide-react/icons/building-2';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { usePageTitle } from '../../../app/pageTitle.js';
import { AccessDeniedPage } from '../../../app/pages/AccessDeniedPage.js';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { companyPath, serviceRequestPath } from '../../../app/routes.js';
import { companyChoices, resolveWorkspace } from '../../../app/submenu/workspace.js';
import { EMPLOYEE_TYPES, EMPLOYEE_TYPE_LABELS } from '../../../domain/company.js';
import { isId } from '../../../domain/ids.js';
import { statusOf, STATUS_LABELS } from '../../../domain/serviceStatus.js';
import type { GetCompanyResponse } from '../../../gen/tagbook/v1/admin_pb.js';
import { serverMessage } from '../../../rpc/interceptors.js';
import { useCurrentUser, useSessionSnapshot } from '../../../rpc/session.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { ListItem, ListItemDetail } from '../../../ui/ListItem.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { FormField } from '../../../ui/FormField.js';
import { Loading } from '../../../ui/Loading.js';
import { PageHeader } from '../../../ui/PageHeader.js';
import { Select } from '../../../ui/Select.js';
import { companyClient } from '../../../rpc/adminClients.js';
import { formatTime } from '../../../ui/formatTime.js';
import { useRemote } from '../../../rpc/useRemote.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { CompanyServices } from './CompanyServices.js';
import { CustomerDetail } from './CustomerDetail.js';
import { CustomerList } from './CustomerList.js';
import { useCompanyRequests } from '../../../entities/serviceRequest/queries.js';
import '../admin.css';
import { vehicleDisplayName } from '../../../domain/vehicleName.js';
import { Alert } from '../../../ui/Alert.js';
import { Chip } from '../../../ui/Chip.js';

const SECTIONS = [
  { sub: '', label: 'Profile' },
  { sub: 'employees', label: 'Employees' },
  { sub: 'customers', label: 'Customers' },
  { sub: 'requests', label: 'Requests' },
  { sub: 'services', label: 'Services' },
] as const;

/**
 * /company/*: the workspace company's area for its current employees (the selected company workspace, else the
 * first company the user works for). Reading is for every employee; company admins (owners, managers) change it.
 * Rendered only when signed in (App.tsx wraps it in RequireLogin, so visitors never load this chunk).
 */
export function CompanyPage({ subPath }: { subPath: string }) {
  usePageTitle('Company', { icon: Building2 });
  const user = useCurrentUser();
  const session = useSessionSnapshot().session;
  if (!user) return null;
  const workspace = resolveWorkspace(session?.workspace, user);
  const companyId = workspace.kind === 'company' ? workspace.companyId : companyChoices(user)[0]?.value;
  if (companyId === undefined) {
    return <AccessDeniedPage title="No company" message="You do not work for a company. A company's owner or an administrator can add you." />;
  }
  const [first, second, ...rest] = subPath.split('/').filter(Boolean);
  const known = first === undefined || SECTIONS.some((s) => s.sub === first);
  if (!known || rest.length > 0 || (second !== undefined && !(first === 'customers' && isId(second)))) return <NotFoundPage />;
  return <CompanyArea companyId={companyId} section={first ?? ''} customerId={second ?? null} />;
}

function CompanyArea({ companyId, section, customerId }: { companyId: string; section: string; customerId: string | null }) {
  const company = useRemote(`company:${companyId}`, () => companyClient().getCompany({ companyId }));
  const name = company.data?.company?.name ?? 'Company';
  return (
    <section className="page admin-page" data-page="company" data-section={section || 'profile'}>
      <PageHeader icon={Building2} title={name} subtitle={company.data?.company?.shortInfo || undefined} />
      <SectionTabs label="Company sections" tabs={SECTIONS.map((s) => ({ key: s.sub, label: s.label, to: companyPath(s.sub) }))} current={section} />
      {company.status === 'error' && company.data === null && <Alert tone="error">{company.error}</Alert>}
      {company.data === null && company.status === 'loading' && <Loading />}
      {company.data !== null && section === '' && <Profile companyId={companyId} data={company.data} onSaved={company.reload} />}
      {company.data !== null && section === 'employees' && <Employees companyId={companyId} data={company.data} onChanged={company.reload} />}
      {section === 'customers' && customerId === null && <CustomerList companyId={companyId} pathOf={(id) => companyPath(`customers/${id}`)} />}
      {section === 'customers' && customerId !== null && <CustomerDetail customerId={customerId} />}
      {section === 'requests' && <Requests companyId={companyId} />}
      {company.data !== null && section === 'services' && <CompanyServices companyId={companyId} canManage={company.data.canManage} />}
    </section>
  );
}

function Profile({ companyId, data, onSaved }: { companyId: string; data: GetCompanyResponse; onSaved: () => void }) {
  const ids = { name: useId(), info: useId() };
  const [name, setName] = useState(data.company?.name ?? '');
  const [info, setInfo] = useState(data.company?.shortInfo ?? '');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const current = data.employees.filter((e) => e.current).length;
  return (
    <Card aria-labelledby="company-profile">
      <h2 id="company-profile">Profile</h2>
      <dl className="ui-details">
        <dt>Employees</dt>
        <dd data-field="employee-count">{current}</dd>
        <dt>Since</dt>
        <dd>{formatTime(data.company?.createdAt ?? 0n, false)}</dd>
        <dt>Your role</dt>
        <dd data-field="company-role">{data.canManage ? 'Company admin' : 'Employee'}</dd>
      </dl>
      {data.canManage && (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            try {
              await companyClient().updateCompany({ companyId, name, shortInfo: info });
              setMessage({ kind: 'success', text: 'Company updated.' });
              onSaved();
            } catch (error) {
              setMessage({ kind: 'error', text: serverMessage(error) });
            } finally {
              setBusy(false);
            }
          }}
        >
          <FormField id={ids.name} name="company-name" label="Name" type="text" value={name} onChange={setName} />
          <FormField id={ids.info} name="company-info" label="Short info" type="text" value={info} onChange={setInfo} />
          {message && <Alert tone={message.kind} role={message.kind === 'error' ? 'alert' : 'status'}>{message.text}</Alert>}
          <Button type="submit" busy={busy} data-action="save-company">
            Save
          </Button>
        </form>
      )}
    </Card>
  );
}

function Employees({ companyId, data, onChanged }: { companyId: string; data: GetCompanyResponse; onChanged: () => void }) {
  const ids = { email: useId(), type: useId() };
  const [email, setEmail] = useState('');
  const [type, setType] = useState<string>('worker');
  const { busy, problem, run: act } = useServerAction(onChanged);
  return (
    <Card aria-labelledby="company-employees">
      <h2 id="company-employees">Employees</h2>
      <ul className="ui-list" data-list="employees">
        {data.employees.map((e) => (
          <ListItem
            as="li"
            key={e.id}
            data-employee={e.userName}
            data-current={e.current ? '1' : '0'}
            title={e.userName || 'Unnamed'}
            end={
              data.canManage &&
              e.current && (
                <Button variant="text" busy={busy} onClick={() => act(() => companyClient().endEmployee({ linkId: e.id }))}>
                  End
                </Button>
              )
            }
          >
            <ListItemDetail>
              {[EMPLOYEE_TYPE_LABELS[e.type as keyof typeof EMPLOYEE_TYPE_LABELS] ?? e.type, e.userEmail, e.current ? `since ${formatTime(e.startDate, false)}` : `ended ${formatTime(e.endDate, false)}`]
                .filter(Boolean)
                .join(' · ')}
            </ListItemDetail>
          </ListItem>
        ))}
      </ul>
      {problem && <Alert tone="error">{problem}</Alert>}
      {data.canManage && (
        <form
          className="admin-filters"
          onSubmit={async (event) => {
            event.preventDefault();
            if (await act(() => companyClient().addEmployee({ companyId, email, type }))) setEmail('');
          }}
        >
          <FormField id={ids.email} name="employee-email" label="Add by email" type="email" value={email} onChange={setEmail} />
          <Select id={ids.type} name="employee-type" label="As" value={type} options={EMPLOYEE_TYPES.map((t) => ({ value: t, label: EMPLOYEE_TYPE_LABELS[t] }))} onChange={setType} />
          <Button type="submit" variant="secondary" busy={busy} data-action="add-employee">
            Add
          </Button>
        </form>
      )}
    </Card>
  );
}

function Requests({ companyId }: { companyId: string }) {
  const requests = useCompanyRequests(companyId);
  return (
    <Card aria-labelledby="company-requests" data-state={requests.status}>
      <h2 id="company-requests">Service requests</h2>
      {requests.status === 'loading' && <Loading />}
      {requests.status === 'ready' && requests.rows.length === 0 && (
        <EmptyState icon={ClipboardList} title="No service requests">
          <p>Requests opened for your customers' vehicles show here.</p>
        </EmptyState>
      )}
      {requests.rows.length > 0 && (
        <ul className="ui-list" data-list="company-requests">
          {requests.rows.map((r) => (
            <li key={r.id}>
              <ListItem
                to={serviceRequestPath(r.vehicle_id, r.id)}
                data-request={r.id}
                icon={ClipboardList}
                iconSize={20}
                title={r.description || 'No description'}
                end={<Chip>{STATUS_LABELS[statusOf(r)]}</Chip>}
              >
                <ListItemDetail>
                  {[vehicleDisplayName(r.vehicle_name), [r.make, r.model].filter(Boolean).join(' '), r.assigned_name ? `assigned to ${r.assigned_name}` : 'unassigned'].filter(Boolean).join(' · ')}
                </ListItemDetail>
              </ListItem>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
