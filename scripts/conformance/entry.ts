// Bundled by scripts/conformance.mjs: the project's own client schema, signed device, upload code, demo accounts and
// publication, so the check drives both engines exactly as the app, the server tests and an operator do.
export { AppSchema } from '../../src/data/schema.js';
export { uploadTransaction } from '../../src/data/transactionUpload.js';
export { toWireEntry } from '../../src/data/uploadEntries.js';
export { newId } from '../../src/domain/ids.js';
export { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
export { WORK_START } from '../../src/domain/worktime.js';
export { CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
export { AuthService } from '../../src/gen/tagbook/v1/auth_pb.js';
export { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
export { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
export { DEMO_ACCOUNTS } from '../../server/db/seed.js';
export { loadSyncRules, publicationSql } from '../../server/sync/rules.js';
export { TestDevice } from '../../tests/helpers/device.js';
