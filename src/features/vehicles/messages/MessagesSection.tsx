export function MessagesSection(_: { area: unknown; vehicleId: string }) { return null; }
