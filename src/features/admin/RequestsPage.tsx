import { useId, useState } from 'react';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { REQUEST_STATUS, STATUS_LABELS, type RequestStatus } from '../../domain/serviceStatus.js';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { Select } from '../../ui/Select.js';
import { useCompanies, useCompanyStaff } from '../../entities/company/queries.js';
import { adminClient } from '../../rpc/adminClients.js';
import { MoreButton } from './MoreButton.js';
import { RequestRows } from './RequestRows.js';
import { usePaged } from '../../rpc/useRemote.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { Alert } from '../../ui/Alert.js';
import { DateTimeField } from '../../ui/DateTimeField.js';

const OPEN: RequestStatus[] = [REQUEST_STATUS.REQUESTED, REQUEST_STATUS.SCHEDULED, REQUEST_STATUS.STARTED];
const dayStart = (value: string) => (value === '' ? 0n : BigInt(new Date(`${value}T00:00:00`).getTime()));

/** /admin/service-request: every request, newest first, filtered by status, company, assignee and creation date. */
export function RequestsPage() {
  const ids = { status: useId(), company: useId(), assignee: useId(), from: useId(), to: useId() };
  const [status, setStatus] = useState('open');
  const [companyId, setCompanyId] = useState('');
  const [assignee, setAssignee] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const companies = useCompanies();
  const staff = useCompanyStaff(companyId);
  const statuses = status === 'open' ? OPEN : status === 'all' ? [] : [Number(status)];
  const toBound = to === '' ? 0n : dayStart(to) + 86_400_000n;
  const list = usePaged(`requests:${status}:${companyId}:${assignee}:${from}:${to}`, async (cursor) => {
    const res = await adminClient().listRequests({
      statuses, companyId, assignedUserId: assignee, createdFrom: dayStart(from), createdTo: toBound, page: { cursor },
    });
    return { rows: res.requests, next: res.nextCursor };
  });
  return (
    <Card aria-label="Service requests" data-list-state={list.loading ? 'loading' : 'ready'}>
      <FilterBar
        moreInUse={[assignee, from, to].filter((v) => v !== '').length}
        more={
          <>
            <Select
              id={ids.assignee}
              name="assignee"
              label="Assigned to"
              value={assignee}
              disabled={companyId === ''}
              hint={companyId === '' ? 'Choose a company first' : undefined}
              options={[{ value: '', label: 'Anyone' }, ...[...new Map(staff.rows.map((s) => [s.user_id, s.user_name ?? 'Someone'])).entries()].map(([value, label]) => ({ value, label }))]}
              onChange={setAssignee}
            />
            <DateTimeField id={ids.from} name="created-from" label="Created from" dateOnly value={from} onChange={setFrom} />
            <DateTimeField id={ids.to} name="created-until" label="Created until" dateOnly value={to} onChange={setTo} />
          </>
        }
      >
        <Select
          id={ids.status}
          name="status"
          label="Status"
          value={status}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'all', label: 'Any status' },
            ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
          ]}
          onChange={setStatus}
        />
        <Select
          id={ids.company}
          name="company"
          label="Company"
          value={companyId}
          options={[{ value: '', label: 'Any company' }, ...companies.rows.map((c) => ({ value: c.id, label: c.name ?? 'Unnamed company' }))]}
          onChange={(v) => {
            setCompanyId(v);
            setAssignee('');
          }}
        />
      </FilterBar>
      {list.error && <Alert tone="error">{list.error}</Alert>}
      {list.loading && list.rows.length === 0 && <Loading />}
      {!list.loading && list.rows.length === 0 && !list.error && (
        <EmptyState icon={ClipboardList} title="No requests" data-empty="requests">
          <p>No request matches these filters.</p>
        </EmptyState>
      )}
      {list.rows.length > 0 && <RequestRows requests={list.rows} />}
      <MoreButton next={list.next} loading={list.loading} onMore={list.loadMore} />
    </Card>
  );
}
