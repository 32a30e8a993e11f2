import Activity from 'lucide-react/icons/activity';
import { adminCustomerPath, adminUserPath, serviceRequestPath, vehiclePath } from '../../app/routes.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import type { ActivityItem, GetDashboardResponse } from '../../gen/tagbook/v1/admin_pb.js';
import { Card } from '../../ui/Card.js';
import { Loading } from '../../ui/Loading.js';
import { adminClient } from '../../rpc/adminClients.js';
import { formatTime } from '../../ui/formatTime.js';
import { useRemote } from '../../rpc/useRemote.js';
import { Alert } from '../../ui/Alert.js';

const KIND_LABEL: Record<string, string> = { user: 'New account', vehicle: 'New vehicle', request: 'Service request', customer: 'New customer' };

function activityPath(a: ActivityItem): string {
  if (a.kind === 'user') return adminUserPath(a.id);
  if (a.kind === 'customer') return adminCustomerPath(a.id);
  if (a.kind === 'vehicle') return vehiclePath(a.id);
  return serviceRequestPath(a.vehicleId, a.id);
}

function Stat({ label, value, warn = false, name, approx = false }: { label: string; value: bigint | number; warn?: boolean; name: string; approx?: boolean }) {
  return (
    <div className={`admin-stat${warn && Number(value) > 0 ? ' admin-stat--warn' : ''}`} data-stat={name}>
      <dt>{label}</dt>
      <dd>
        {approx && <abbr title="about">≈ </abbr>}
        {Number(value).toLocaleString()}
      </dd>
    </div>
  );
}

/** /admin: counts, health and recent activity, read from the server on each visit. */
export function Dashboard() {
  const d = useRemote('dashboard', () => adminClient().getDashboard({}));
  if (d.data === null) {
    return d.status === 'error' ? <Alert tone="error">{d.error}</Alert> : <Loading />;
  }
  return <DashboardView d={d.data} />;
}

function DashboardView({ d }: { d: GetDashboardResponse }) {
  const h = d.health;
  return (
    <>
      <Card aria-labelledby="admin-counts">
        <h2 id="admin-counts">At a glance</h2>
        <dl className="admin-stats">
          <Stat approx={d.countsEstimated} name="users" label="Users" value={d.users} />
          <Stat name="admins" label="Admins" value={d.admins} />
          <Stat approx={d.countsEstimated} name="vehicles" label="Vehicles" value={d.vehicles} />
          <Stat approx={d.countsEstimated} name="tags-claimed" label="Tags claimed" value={d.tagsClaimed} />
          <Stat name="tags-unclaimed" label="Tags unclaimed" value={d.tagsUnclaimed} />
          <Stat approx={d.countsEstimated} name="customers" label="Customers" value={d.customers} />
          <Stat name="requests-open" label="Open requests" value={d.requestsOpen} />
          <Stat name="requests-started" label="Started requests" value={d.requestsStarted} />
        </dl>
      </Card>
      <Card aria-labelledby="admin-health">
        <h2 id="admin-health">System health</h2>
        <dl className="admin-stats">
          <Stat name="replication-backlog" label="Changes waiting to sync" value={h?.replicationBacklog ?? 0n} warn />
          <Stat name="sync-streams" label="Connected sync streams" value={h?.syncStreams ?? 0} />
          <Stat name="mail-failing" label="Mails failing" value={h?.mailFailing ?? 0n} warn />
          <Stat name="mail-pending" label="Mails waiting" value={h?.mailPending ?? 0n} />
          <Stat name="refused-uploads" label="Refused uploads (24 h)" value={h?.refusedUploadsDay ?? 0n} warn />
        </dl>
      </Card>
      <Card aria-labelledby="admin-activity">
        <h2 id="admin-activity">Recent activity</h2>
        {d.activity.length === 0 ? (
          <p className="ui-muted">Nothing yet.</p>
        ) : (
          <ul className="ui-list" data-list="activity">
            {d.activity.map((a) => (
              <li key={`${a.kind}:${a.id}`}>
                <ListItem to={activityPath(a)} icon={Activity} iconSize={20} title={a.title || '—'}>
                  <ListItemDetail>
                    {KIND_LABEL[a.kind] ?? a.kind}
                    {a.detail ? ` · ${a.detail}` : ''} · {formatTime(a.at)}
                  </ListItemDetail>
                </ListItem>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
