import { useWatchedQuery } from '../../../data/useQuery.js';
import type { Row } from '../../../entities/rows.js';
import { HistoryReportService, type HistoryReport as ReportMessage } from '../../../gen/tagbook/v1/history_report_pb.js';
import { TransferService, TransferState } from '../../../gen/tagbook/v1/transfer_pb.js';
import type { HistoryReport } from '../../../domain/historyReport.js';
import type { TransferState as State } from '../../../domain/transfer.js';
import { rpcClient } from '../../../rpc/transport.js';

// Handing a vehicle over and sharing its history report go through the server (TransferService,
// HistoryReportService): a link and a move are the server's to make. What they leave behind — the transfers and the
// links — comes back to the owner's devices through sync, so the pages read them offline.

export type TransferRow = Row<'vehicle_transfers'>;
export type ShareRow = Row<'report_shares'>;

/** The vehicle's transfers, newest first. */
export function useVehicleTransfers(vehicleId: string) {
  return useWatchedQuery<TransferRow>('SELECT * FROM vehicle_transfers WHERE vehicle_id = ? ORDER BY created_at DESC, id', [vehicleId]);
}

/** The vehicle's report links that still work, newest first. */
export function useReportShares(vehicleId: string) {
  return useWatchedQuery<ShareRow>('SELECT * FROM report_shares WHERE vehicle_id = ? AND revoked_at IS NULL ORDER BY created_at DESC, id', [vehicleId]);
}

export async function startTransfer(vehicleId: string, email: string, keepPrivateNotes: boolean): Promise<void> {
  await rpcClient(TransferService).startTransfer({ vehicleId, email, keepPrivateNotes });
}

export async function cancelTransfer(transferId: string): Promise<void> {
  await rpcClient(TransferService).cancelTransfer({ transferId });
}

export interface OfferedTransfer {
  state: State;
  vehicleName: string;
  vehicleSummary: string;
  fromName: string;
  toEmail: string;
  expiresAt: number;
  keepPrivateNotes: boolean;
  vehicleId: string;
}

const STATES: Record<TransferState, State> = {
  [TransferState.UNSPECIFIED]: 'expired',
  [TransferState.PENDING]: 'pending',
  [TransferState.ACCEPTED]: 'accepted',
  [TransferState.CANCELLED]: 'cancelled',
  [TransferState.EXPIRED]: 'expired',
};

export async function getTransfer(token: string): Promise<OfferedTransfer> {
  const t = await rpcClient(TransferService).getTransfer({ token });
  return {
    state: STATES[t.state], vehicleName: t.vehicleName, vehicleSummary: t.vehicleSummary, fromName: t.fromName, toEmail: t.toEmail,
    expiresAt: Number(t.expiresAt), keepPrivateNotes: t.keepPrivateNotes, vehicleId: t.vehicleId,
  };
}

export async function acceptTransfer(token: string): Promise<string> {
  return (await rpcClient(TransferService).acceptTransfer({ token })).vehicleId;
}

export async function shareReport(vehicleId: string, photoIds: readonly string[]): Promise<string> {
  return (await rpcClient(HistoryReportService).shareReport({ vehicleId, photoIds: [...photoIds] })).token;
}

export async function revokeReportShare(shareId: string): Promise<void> {
  await rpcClient(HistoryReportService).revokeReportShare({ shareId });
}

/** A shared report as the page renders it: the report, each photo with the address the server signed for it. */
export interface SharedReport {
  report: HistoryReport;
  photoUrls: Map<string, string>;
  generatedAt: number;
}

function fromMessage(r: ReportMessage): HistoryReport {
  return {
    title: r.title, subtitle: r.subtitle, facts: r.facts.map((f) => ({ label: f.label, value: f.value })), description: r.description,
    unit: r.unit === 'mi' ? 'mi' : 'km',
    odometer: r.odometer ? { value: r.odometer.value, on: r.odometer.on } : null,
    readings: r.readings.map((x) => ({ id: x.id, on: x.on, value: x.value })),
    service: r.service.map((s) => ({
      id: s.id, kind: s.kind === 'maintenance' ? 'maintenance' : 'request', on: s.on, title: s.title, completed_at: s.completedAt || null,
      work_ms: s.workMs === undefined ? null : Number(s.workMs), odometer: s.odometer ?? null,
    })),
    trackDays: r.trackDays.map((t) => ({ id: t.id, held_on: t.heldOn, circuit: t.circuit, laps: t.laps ?? null, best_lap_ms: t.bestLapMs ?? null, conditions: t.conditions || null })),
    photos: r.photos.map((p) => ({ id: p.id, hash: p.hash, type: p.type, description: p.description || null })),
    totals: {
      requests: r.totals?.requests ?? 0, workMs: Number(r.totals?.workMs ?? 0n), maintenance: r.totals?.maintenance ?? 0, trackDays: r.totals?.trackDays ?? 0,
    },
  };
}

export async function getSharedReport(token: string): Promise<SharedReport> {
  const res = await rpcClient(HistoryReportService).getSharedReport({ token });
  if (res.report === undefined) throw new Error('The server sent no report');
  return {
    report: fromMessage(res.report),
    photoUrls: new Map(res.report.photos.map((p) => [p.id, p.url])),
    generatedAt: Number(res.generatedAt),
  };
}
