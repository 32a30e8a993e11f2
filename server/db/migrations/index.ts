import m0001 from './0001_entities.js';
import m0002 from './0002_auth.js';
import m0003 from './0003_sync.js';
import m0004 from './0004_uploads.js';
import m0005 from './0005_employment.js';
import m0006 from './0006_limits.js';
import m0007 from './0007_vehicle_area.js';
import m0008 from './0008_service_work.js';
import m0009 from './0009_public_latest.js';
import m0010 from './0010_admin_scale.js';
import m0011 from './0011_files.js';
import m0012 from './0012_sync_interleave.js';
import m0013 from './0013_latest_plans.js';
import m0014 from './0014_upload_marks.js';
import m0015 from './0015_upload_parts.js';
import m0016 from './0016_made_and_received.js';
import m0017 from './0017_file_scope.js';
import m0018 from './0018_deleted_company_links.js';
import m0021 from './0021_staff_ids.js';
import m0022 from './0022_gone_form_files.js';
import m0023 from './0023_owner_scope.js';
import m0024 from './0024_partial_uploads.js';
import m0025 from './0025_tag_code_keys.js';
import m0026 from './0026_session_devices.js';
import m0027 from './0027_maintenance.js';
import m0028 from './0028_owner_contact.js';
import m0029 from './0029_handover.js';
import m0030 from './0030_tag_swap.js';
import m0031 from './0031_status_links.js';

export interface Migration {
  /** Four digits; the order migrations run in and the key recorded in schema_migrations. */
  readonly version: string;
  readonly name: string;
  readonly sql: string;
}

/**
 * Every migration, oldest first. Add new ones at the end as NNNN_<what>.ts exporting their SQL as the default
 * export; never edit one that has shipped (databases that already ran it will not run it again).
 */
export const migrations: readonly Migration[] = [
  { version: '0001', name: 'entities', sql: m0001 },
  { version: '0002', name: 'auth', sql: m0002 },
  { version: '0003', name: 'sync', sql: m0003 },
  { version: '0004', name: 'uploads', sql: m0004 },
  { version: '0005', name: 'employment', sql: m0005 },
  { version: '0006', name: 'limits', sql: m0006 },
  { version: '0007', name: 'vehicle_area', sql: m0007 },
  { version: '0008', name: 'service_work', sql: m0008 },
  { version: '0009', name: 'public_latest', sql: m0009 },
  { version: '0010', name: 'admin_scale', sql: m0010 },
  { version: '0011', name: 'files', sql: m0011 },
  { version: '0012', name: 'sync_interleave', sql: m0012 },
  { version: '0013', name: 'latest_plans', sql: m0013 },
  { version: '0014', name: 'upload_marks', sql: m0014 },
  { version: '0015', name: 'upload_parts', sql: m0015 },
  { version: '0016', name: 'made_and_received', sql: m0016 },
  { version: '0017', name: 'file_scope', sql: m0017 },
  { version: '0018', name: 'deleted_company_links', sql: m0018 },
  { version: '0021', name: 'staff_ids', sql: m0021 },
  { version: '0022', name: 'gone_form_files', sql: m0022 },
  { version: '0023', name: 'owner_scope', sql: m0023 },
  { version: '0024', name: 'partial_uploads', sql: m0024 },
  { version: '0025', name: 'tag_code_keys', sql: m0025 },
  { version: '0026', name: 'session_devices', sql: m0026 },
  { version: '0027', name: 'maintenance', sql: m0027 },
  { version: '0028', name: 'owner_contact', sql: m0028 },
  { version: '0029', name: 'handover', sql: m0029 },
  { version: '0030', name: 'tag_swap', sql: m0030 },
  { version: '0031', name: 'status_links', sql: m0031 },
];
