import { Fragment, type ReactNode } from 'react';
import { formatLapTime } from '../../../domain/lapTime.js';
import type { HistoryReport, ReportPhoto } from '../../../domain/historyReport.js';
import { formatDistance } from '../../../entities/maintenance/format.js';
import { formatWorkTotal } from '../../../entities/worktime/format.js';
import { calendarDateOf, TRACK_CONDITIONS } from '../../../domain/vehicleRecords.js';
import { formatCalendarDate, formatDateTime } from '../format.js';
import './report.css';

const locale = () => navigator.language;

/** The day an instant falls on where the reader is. */
const dayOf = (iso: string) => formatCalendarDate(calendarDateOf(new Date(iso)));

const conditionLabel = (value: string | null) => TRACK_CONDITIONS.find((c) => c.value === value)?.label ?? '';

/**
 * A vehicle's history report, as the owner's page and a shared link's page both show it and as it prints: the
 * vehicle, what was done to it (requests with their work time, maintenance with its reading), the odometer, track
 * days and the photos picked. Read only. `photo` draws one photo (from the device's files, or from a signed address).
 */
export function HistoryReportView({
  report,
  photo,
  generatedAt,
  titleLevel,
}: {
  report: HistoryReport;
  photo: (p: ReportPhoto) => ReactNode;
  /** When it was read (epoch ms), for the footer. */
  generatedAt: number;
  titleLevel: 1 | 2;
}) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const Heading = titleLevel === 1 ? 'h2' : 'h3';
  const distance = (value: number) => formatDistance(value, report.unit);
  return (
    <article className="history-report" data-history-report="" aria-labelledby="history-report-title">
      <header className="history-report__head">
        <p className="history-report__kicker">Vehicle history report</p>
        <Title id="history-report-title" className="history-report__title">
          {report.title}
        </Title>
        {report.subtitle && <p className="history-report__subtitle">{report.subtitle}</p>}
        {report.description && <p className="history-report__description">{report.description}</p>}
      </header>

      <dl className="history-report__figures" aria-label="In short">
        <div>
          <dt>Odometer</dt>
          <dd data-report-odometer="">{report.odometer ? distance(report.odometer.value) : '—'}</dd>
          {report.odometer && <dd className="history-report__figure-note">read {formatCalendarDate(report.odometer.on)}</dd>}
        </div>
        <div>
          <dt>Service entries</dt>
          <dd>{report.service.length}</dd>
        </div>
        <div>
          <dt>Work recorded</dt>
          <dd>{formatWorkTotal(report.totals.workMs)}</dd>
        </div>
        <div>
          <dt>Track days</dt>
          <dd>{report.totals.trackDays}</dd>
        </div>
      </dl>

      {report.facts.length > 0 && (
        <section className="history-report__section" aria-labelledby="report-vehicle">
          <Heading id="report-vehicle">Vehicle</Heading>
          <dl className="ui-details">
            {report.facts.map((f) => (
              <Fragment key={f.label}>
                <dt>{f.label}</dt>
                <dd data-fact={f.label}>{f.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}

      <section className="history-report__section" aria-labelledby="report-service">
        <Heading id="report-service">Service history</Heading>
        {report.service.length === 0 ? (
          <p className="ui-muted">No service recorded yet.</p>
        ) : (
          <ol className="history-report__list" data-report-service="">
            {report.service.map((s) => (
              <li key={s.id} className="history-report__row" data-service-kind={s.kind}>
                <span className="history-report__when">{s.kind === 'maintenance' ? formatCalendarDate(s.on) : dayOf(s.on)}</span>
                <span className="history-report__what">
                  <strong>{s.title}</strong>
                  <span className="ui-muted">
                    {s.kind === 'maintenance'
                      ? ['Maintenance done', s.odometer === null ? null : `at ${distance(s.odometer)}`].filter(Boolean).join(' · ')
                      : [
                          s.completed_at ? `Service request, completed ${dayOf(s.completed_at)}` : 'Service request, open',
                          s.work_ms ? `${formatWorkTotal(s.work_ms)} of work` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="history-report__section" aria-labelledby="report-odometer">
        <Heading id="report-odometer">Odometer</Heading>
        {report.readings.length === 0 ? (
          <p className="ui-muted">No readings recorded yet.</p>
        ) : (
          <ol className="history-report__list" data-report-readings="">
            {report.readings.map((r) => (
              <li key={r.id} className="history-report__row">
                <span className="history-report__when">{formatCalendarDate(r.on)}</span>
                <span className="history-report__what">{distance(r.value)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {report.trackDays.length > 0 && (
        <section className="history-report__section" aria-labelledby="report-track">
          <Heading id="report-track">Track days</Heading>
          <ol className="history-report__list" data-report-track="">
            {report.trackDays.map((t) => (
              <li key={t.id} className="history-report__row">
                <span className="history-report__when">{formatCalendarDate(t.held_on)}</span>
                <span className="history-report__what">
                  <strong>{t.circuit}</strong>
                  <span className="ui-muted">
                    {[
                      t.laps === null ? null : `${t.laps} laps`,
                      t.best_lap_ms === null ? null : `best lap ${formatLapTime(t.best_lap_ms, locale())}`,
                      conditionLabel(t.conditions) || null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}

      {report.photos.length > 0 && (
        <section className="history-report__section" aria-labelledby="report-photos">
          <Heading id="report-photos">Photos</Heading>
          <ul className="history-report__photos">
            {report.photos.map((p) => (
              <li key={p.id}>{photo(p)}</li>
            ))}
          </ul>
        </section>
      )}

      <footer className="history-report__foot">
        Made with Tagbook on {formatDateTime(new Date(generatedAt).toISOString())}, from the records the owner keeps there. Odometer readings that
        contradict the others are left out.
      </footer>
    </article>
  );
}
