import { Schema, Table, column, type RowType } from '@powersync/web';

// Synced tables mirror the server's (snake_case, same names); sync-rules.yaml decides which rows reach a device.
// SQLite has no booleans or timestamps: flags are integers 0/1, times ISO-8601 text.

const users = new Table({
  display_name: column.text,
  email: column.text,
  is_admin: column.integer,
  distance_unit: column.text,
  created_at: column.text,
  updated_at: column.text,
});

const companies = new Table({
  name: column.text,
  short_info: column.text,
  created_at: column.text,
  updated_at: column.text,
  deleted_at: column.text,
});

const company_employees = new Table(
  {
    user_id: column.text,
    company_id: column.text,
    type: column.text,
    start_date: column.text,
    end_date: column.text,
    created_at: column.text,
    created_by: column.text,
    updated_at: column.text,
    updated_by: column.text,
    /** The employee's display name, so colleagues can name each other without their user rows. */
    user_name: column.text,
  },
  { indexes: { by_user: ['user_id'], by_company: ['company_id'] } },
);

const customers = new Table(
  {
    name: column.text,
    email: column.text,
    phone: column.text,
    note: column.text,
    company_id: column.text,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_company: ['company_id', 'name'] } },
);

const vehicles = new Table(
  {
    name: column.text,
    description: column.text,
    category: column.integer,
    type: column.text,
    instagram: column.text,
    facebook: column.text,
    tiktok: column.text,
    youtube: column.text,
    website: column.text,
    cover: column.text,
    vin: column.text,
    is_public: column.integer,
    user_id: column.text,
    /** The owner has turned messages through the tag off (0/1). */
    contact_off: column.integer,
    created_at: column.text,
    updated_at: column.text,
  },
  { indexes: { by_owner: ['user_id', 'name'], by_public: ['is_public', 'updated_at'] } },
);

const vehicles_info = new Table(
  {
    vehicle_id: column.text,
    category: column.integer,
    vin: column.text,
    make: column.text,
    model: column.text,
    year: column.integer,
    color: column.text,
    state: column.text,
    license_plate: column.text,
    mods: column.text,
    notes: column.text,
    generation: column.text,
    customer_id: column.text,
    created_at: column.text,
    updated_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id'] } },
);

const service_requests = new Table(
  {
    description: column.text,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
    vehicle_id: column.text,
    vehicle_service_status_id: column.integer,
    user_id: column.text,
    updated_by: column.text,
    completed_at: column.text,
    schedule_start: column.text,
    schedule_end: column.text,
    assigned_user_id: column.text,
    has_started: column.integer,
    company_id: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id'], by_company: ['company_id'] } },
);

const worktime = new Table(
  {
    user_id: column.text,
    service_request_id: column.text,
    operation: column.integer,
    time: column.text,
    change_time: column.text,
    created_at: column.text,
  },
  { indexes: { by_request: ['service_request_id', 'user_id', 'time'], by_user: ['user_id', 'service_request_id', 'time'] } },
);

/** Tag id is the printed hash; target_id is the vehicle it resolves to (null while unclaimed). */
const qr_tags = new Table(
  {
    target_id: column.text,
    target_path: column.text,
    created_at: column.text,
    updated_at: column.text,
  },
  { indexes: { by_target: ['target_id'] } },
);

const upload_buckets = new Table({
  locked: column.integer,
  user_id: column.text,
  form_key: column.text,
  created_at: column.text,
  updated_at: column.text,
});

const upload_form_files = new Table(
  {
    upload_form_id: column.text,
    upload_bucket_file_id: column.text,
    description: column.text,
    file_hash: column.text,
    filename: column.text,
    sort_order: column.integer,
    user_id: column.text,
    created_at: column.text,
    updated_at: column.text,
  },
  { indexes: { by_form: ['upload_form_id', 'sort_order'] } },
);

const bucket_files = new Table({
  filehash: column.text,
  extension: column.text,
  type: column.text,
  filesize: column.integer,
  state: column.integer,
  created_at: column.text,
  updated_at: column.text,
});

/** What owners (and admins) write about a vehicle; deleted_at set means removed. author_name is filled by the server. */
const vehicle_notes = new Table(
  {
    vehicle_id: column.text,
    user_id: column.text,
    author_name: column.text,
    body: column.text,
    is_public: column.integer,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id', 'created_at'] } },
);

/** Track days: held_on is a calendar date (YYYY-MM-DD), best_lap_ms whole milliseconds. */
const track_sessions = new Table(
  {
    vehicle_id: column.text,
    user_id: column.text,
    held_on: column.text,
    circuit: column.text,
    laps: column.integer,
    best_lap_ms: column.integer,
    conditions: column.text,
    tire_pressure_front: column.real,
    tire_pressure_rear: column.real,
    tires: column.text,
    notes: column.text,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id', 'held_on'] } },
);

/** What the odometer showed on a day (read_on, YYYY-MM-DD), in whole units of `unit` (km or mi). */
const odometer_readings = new Table(
  {
    vehicle_id: column.text,
    user_id: column.text,
    read_on: column.text,
    value: column.integer,
    unit: column.text,
    note: column.text,
    /** Set when a shop took it at a service request. */
    service_request_id: column.text,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id', 'read_on'] } },
);

/** Maintenance reminders: a first due day and/or reading, and the intervals that repeat it (src/domain/reminders.ts). */
const vehicle_reminders = new Table(
  {
    vehicle_id: column.text,
    user_id: column.text,
    title: column.text,
    due_on: column.text,
    due_distance: column.integer,
    distance_unit: column.text,
    every_months: column.integer,
    every_distance: column.integer,
    email: column.integer,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id'] } },
);

/** Each time a reminder was done: the day and the odometer reading written with it, if any. */
const reminder_completions = new Table(
  {
    reminder_id: column.text,
    vehicle_id: column.text,
    user_id: column.text,
    done_on: column.text,
    reading_id: column.text,
    note: column.text,
    created_at: column.text,
    updated_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id'] } },
);

/**
 * A transfer of the vehicle to the account signing in with to_email (src/domain/transfer.ts), written by the server
 * only; keep_private_notes (0/1): whether the owner's private notes go with it.
 */
const vehicle_transfers = new Table(
  {
    vehicle_id: column.text,
    user_id: column.text,
    to_email: column.text,
    keep_private_notes: column.integer,
    created_at: column.text,
    updated_at: column.text,
    expires_at: column.text,
    cancelled_at: column.text,
    accepted_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id'] } },
);

/** A link to the vehicle's history report (token: the link's own secret), written by the server only. */
const report_shares = new Table(
  {
    vehicle_id: column.text,
    user_id: column.text,
    token: column.text,
    /** A JSON array of the photo (form file) ids the report shows. */
    photo_ids: column.text,
    created_at: column.text,
    updated_at: column.text,
    revoked_at: column.text,
  },
  { indexes: { by_vehicle: ['vehicle_id'] } },
);

/**
 * A link showing a service request's status to its customer (src/domain/statusLink.ts), written by the server only;
 * synced to the request's company's staff. show_work_time: 0/1; photo_ids: a JSON array of form file ids.
 */
const request_status_links = new Table(
  {
    service_request_id: column.text,
    company_id: column.text,
    user_id: column.text,
    token: column.text,
    photo_ids: column.text,
    show_work_time: column.integer,
    days_after_close: column.integer,
    created_at: column.text,
    updated_at: column.text,
    revoked_at: column.text,
  },
  { indexes: { by_request: ['service_request_id'] } },
);

/** Messages sent to this person through a vehicle's tag; can_reply: the sender left a way to answer (0/1). */
const owner_messages = new Table(
  {
    vehicle_id: column.text,
    reason: column.text,
    body: column.text,
    can_reply: column.integer,
    created_at: column.text,
    updated_at: column.text,
    read_at: column.text,
    reply: column.text,
    replied_at: column.text,
    deleted_at: column.text,
  },
  { indexes: { by_created: ['created_at'] } },
);

/** A vehicle's history, written by the server only (the logbook reads it). */
const vehicle_events = new Table(
  { vehicle_id: column.text, kind: column.text, detail: column.text, actor_name: column.text, created_at: column.text },
  { indexes: { by_vehicle: ['vehicle_id', 'created_at'] } },
);

// Local-only tables: never uploaded, never touched by sync.

const local_preferences = new Table({ key: column.text, value: column.text }, { localOnly: true, indexes: { by_key: ['key'] } });

const local_upload_queue = new Table(
  {
    file_storage_id: column.text,
    filename: column.text,
    size: column.integer,
    state: column.integer,
    cache_path: column.text,
    timestamp: column.text,
    signed_upload_url: column.text,
    signed_url_expiration: column.text,
    uploaded_bytes: column.integer,
    md5_hash: column.text,
    // Beyond the listed columns: what the queue needs to resume any step after a reload (src/uploads/queue.ts).
    bucket_id: column.text,
    form_key: column.text,
    mime: column.text,
    last_modified: column.integer,
    metadata_hash: column.text,
    combined_hash: column.text,
    attempts: column.integer,
    next_attempt_at: column.integer,
    last_error: column.text,
  },
  { localOnly: true, indexes: { by_form: ['form_key'] } },
);

const local_attached_upload_queue = new Table(
  { file_attached_id: column.text, upload_queue_id: column.text },
  { localOnly: true },
);

const local_qr_scan_history = new Table(
  { content: column.text, scanned_at: column.text },
  { localOnly: true, indexes: { by_content: ['content'] } },
);

/**
 * What the server answered about a vehicle this device does not sync (VehicleService.GetVehicle and the profile's
 * contents): kept so a revisit works offline. id is '<kind>:<vehicle id>'; payload is JSON.
 */
const local_vehicle_reads = new Table(
  { vehicle_id: column.text, kind: column.text, payload: column.text, fetched_at: column.text },
  { localOnly: true, indexes: { by_vehicle: ['vehicle_id'] } },
);

const local_opfs_files = new Table(
  {
    file_identifier: column.text,
    md5_hash: column.text,
    percentage: column.real,
    bytes_stored: column.integer,
    bytes_size: column.integer,
    hash_start_time: column.text,
    hash_end_time: column.text,
    store_start_time: column.text,
    store_end_time: column.text,
    mime: column.text,
    original_filename: column.text,
    filename: column.text,
    status: column.integer,
    source: column.text,
    created_at: column.text,
  },
  { localOnly: true },
);

export const AppSchema = new Schema({
  users,
  companies,
  company_employees,
  customers,
  vehicles,
  vehicles_info,
  service_requests,
  worktime,
  qr_tags,
  upload_buckets,
  upload_form_files,
  bucket_files,
  vehicle_notes,
  track_sessions,
  odometer_readings,
  vehicle_reminders,
  reminder_completions,
  vehicle_transfers,
  report_shares,
  request_status_links,
  owner_messages,
  vehicle_events,
  local_preferences,
  local_upload_queue,
  local_attached_upload_queue,
  local_qr_scan_history,
  local_opfs_files,
  local_vehicle_reads,
});

export type Database = (typeof AppSchema)['types'];
export type VehicleRow = RowType<typeof vehicles>;
export type QrTagRow = RowType<typeof qr_tags>;
export type ScanHistoryRow = RowType<typeof local_qr_scan_history>;
