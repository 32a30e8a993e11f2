/** What a vehicle without a name is called everywhere it is listed or shown. */
export const UNNAMED_VEHICLE = 'Unnamed Vehicle';

/** The vehicle's name as a page or list shows it: its own, or UNNAMED_VEHICLE when it has none. */
export function vehicleDisplayName(name: string | null | undefined): string {
  return name || UNNAMED_VEHICLE;
}
