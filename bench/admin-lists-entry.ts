// Bundled by bench/admin-lists.mjs: the admin lists and the Vehicle Finder exactly as the RPC handlers run them.
import { create } from '@bufbuild/protobuf';
import { migrate } from '../server/db/migrate.js';
import { openPostgres } from '../server/db/postgres.js';
import { dashboard } from '../server/admin/dashboard.js';
import { listCustomers } from '../server/admin/customers.js';
import { listRequests } from '../server/admin/requests.js';
import { listUsers } from '../server/admin/users.js';
import { findVehicles, listVehicles } from '../server/admin/vehicles.js';
import { ListRequestsRequestSchema } from '../src/gen/tagbook/v1/admin_pb.js';

export { create, migrate, openPostgres, dashboard, listCustomers, listRequests, listUsers, findVehicles, listVehicles, ListRequestsRequestSchema };
