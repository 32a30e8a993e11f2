import { isDistanceUnit, type OdometerReading } from '../../src/domain/odometer.js';
import { dueKey, reminderStatus, type ReminderCompletion, type ReminderRule } from '../../src/domain/reminders.js';
import { vehiclePath } from '../../src/domain/routes.js';
import { vehicleDisplayName } from '../../src/domain/vehicleName.js';
import type { Db } from '../db/db.js';
import { reminderDueMail } from '../mail/messages.js';
import { storeMail } from '../mail/outbox.js';

/**
 * Mails the owner of each vehicle whose reminder has fallen due (its day has come or its reading is reached), once per
 * due point: src/domain/reminders.ts decides, with the rows the owner's devices hold, so a mail and the app agree.
 * The mail goes to the vehicle's owner now, whoever set the reminder. Marking the reminder done moves its due point
 * on, and the next one mails again when it falls due.
 *
 * The marker (reminder_mail) and the mail are stored in one transaction, and the marker is only moved when it names
 * another due point: two processes running the job at once send one mail. Days are the server's UTC days.
 */

const BATCH = 200;

type ReminderRow = {
  id: string; vehicle_id: string; title: string; due_on: string | null; due_distance: number | null; distance_unit: string;
  every_months: number | null; every_distance: number | null; vehicle_name: string | null; owner_email: string | null;
};

const day = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export async function mailDueReminders(db: Db, publicUrl: string, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  let sent = 0;
  let after = '';
  for (;;) {
    const reminders = await db.query<ReminderRow>(
      `select r.id, r.vehicle_id, r.title, r.due_on::text as due_on, r.due_distance, r.distance_unit, r.every_months,
              r.every_distance, v.name as vehicle_name, u.email as owner_email
         from vehicle_reminders r
         join vehicles v on v.id = r.vehicle_id
         left join users u on u.id = v.user_id
        where r.email and r.deleted_at is null and r.id > $1
        order by r.id limit ${BATCH}`,
      [after],
    );
    if (reminders.length === 0) return sent;
    after = reminders[reminders.length - 1]!.id;
    const vehicleIds = [...new Set(reminders.map((r) => r.vehicle_id))];
    const readings = await db.query<{ id: string; vehicle_id: string; read_on: string; value: number; unit: string; created_at: Date }>(
      `select id, vehicle_id, read_on::text as read_on, value, unit, created_at from odometer_readings
        where vehicle_id = any($1) and deleted_at is null`,
      [vehicleIds],
    );
    const completions = await db.query<{ id: string; reminder_id: string; done_on: string; reading_id: string | null; created_at: Date }>(
      `select id, reminder_id, done_on::text as done_on, reading_id, created_at from reminder_completions
        where reminder_id = any($1) and deleted_at is null`,
      [reminders.map((r) => r.id)],
    );
    for (const reminder of reminders) {
      if (!reminder.owner_email || !isDistanceUnit(reminder.distance_unit)) continue;
      const rule: ReminderRule = { ...reminder, due_on: day(reminder.due_on), distance_unit: reminder.distance_unit };
      const own: OdometerReading[] = readings
        .filter((r) => r.vehicle_id === reminder.vehicle_id && isDistanceUnit(r.unit))
        .map((r) => ({ id: r.id, read_on: r.read_on, value: r.value, unit: r.unit as OdometerReading['unit'], created_at: r.created_at.toISOString() }));
      const done: ReminderCompletion[] = completions
        .filter((c) => c.reminder_id === reminder.id)
        .map((c) => ({ ...c, created_at: c.created_at.toISOString() }));
      const status = reminderStatus(rule, done, own, today);
      if (status.state !== 'overdue') continue;
      const mail = reminderDueMail({
        title: reminder.title,
        vehicle: vehicleDisplayName(reminder.vehicle_name),
        dueOn: status.dueOn,
        dueDistance: status.dueDistance,
        unit: rule.distance_unit,
        link: `${publicUrl}${vehiclePath(reminder.vehicle_id, 'maintenance')}`,
      });
      const stored = await db.transaction(async (tx) => {
        const [marked] = await tx.query(
          `insert into reminder_mail (reminder_id, due_key) values ($1, $2)
           on conflict (reminder_id) do update set due_key = excluded.due_key, sent_at = now()
            where reminder_mail.due_key <> excluded.due_key
           returning reminder_id`,
          [reminder.id, dueKey(status)],
        );
        if (marked === undefined) return false;
        await storeMail(tx, { to: reminder.owner_email!, ...mail });
        return true;
      });
      if (stored) sent++;
    }
  }
}
