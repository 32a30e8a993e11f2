/**
 * Vehicle categories. The product names them but not their codes; these codes are what the database stores in
 * vehicles.category and vehicles_info.category. 'Undefined' (0) is not a valid choice: an unset category is null.
 */
export const VEHICLE_CATEGORIES = [
  { code: 1, label: 'Sport' },
  { code: 2, label: 'Premium' },
  { code: 3, label: 'Exotic' },
  { code: 4, label: 'Go Kart' },
  { code: 5, label: 'Golf Kart' },
  { code: 6, label: 'RV' },
  { code: 7, label: 'Utilitary' },
] as const;

export const CATEGORY_CODE_MIN = 1;
export const CATEGORY_CODE_MAX = 7;

/** The prompt of an empty category select. */
export const CATEGORY_PROMPT = 'Select Category';

export function categoryLabel(code: number | null | undefined): string | null {
  return VEHICLE_CATEGORIES.find((c) => c.code === code)?.label ?? null;
}
