import { isValidEmail, sanitizeInput } from './validation.js';

/**
 * Company workspace rules shared by the company pages and the server (CompanyService). A company admin is an
 * employee whose current link is of a managing type: they manage the company's profile, staff and catalogue.
 * Any current employee reads the company and keeps its customers (as the sync upload rules already allow).
 */
export const EMPLOYEE_TYPES = ['owner', 'manager', 'worker'] as const;
export type EmployeeType = (typeof EMPLOYEE_TYPES)[number];
export const MANAGING_TYPES: readonly EmployeeType[] = ['owner', 'manager'];

export const EMPLOYEE_TYPE_LABELS: Record<EmployeeType, string> = { owner: 'Owner', manager: 'Manager', worker: 'Worker' };

export function isEmployeeType(value: string): value is EmployeeType {
  return (EMPLOYEE_TYPES as readonly string[]).includes(value);
}

export function isManagingType(type: string | null | undefined): boolean {
  return type !== null && type !== undefined && (MANAGING_TYPES as readonly string[]).includes(type);
}

/** Longest values the server stores for what the admin and company forms write. */
export const LIMITS = {
  companyName: 120,
  companyShortInfo: 500,
  customerName: 120,
  customerEmail: 254,
  customerPhone: 40,
  customerNote: 2000,
  serviceName: 120,
  serviceDescription: 2000,
  serviceDurationMinutes: 100_000,
  searchQuery: 200,
} as const;

export interface CustomerInput {
  name: string;
  email: string;
  phone: string;
  note: string;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

const tooLong = (max: number) => `At most ${max} characters`;

/** The customer as stored (sanitised, email lowercased) and what is wrong with it, field by field. */
export function checkCustomer(input: CustomerInput): { value: CustomerInput; errors: FieldErrors<keyof CustomerInput> } {
  const value = {
    name: sanitizeInput(input.name),
    email: sanitizeInput(input.email).toLowerCase(),
    phone: sanitizeInput(input.phone),
    // A note keeps its line breaks: only NUL-like controls other than newline and tab are dropped.
    note: input.note.normalize('NFC').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim(),
  };
  const errors: FieldErrors<keyof CustomerInput> = {};
  if (value.name === '') errors.name = 'A name is required';
  else if (value.name.length > LIMITS.customerName) errors.name = tooLong(LIMITS.customerName);
  if (value.email !== '' && !isValidEmail(value.email)) errors.email = 'Invalid email address';
  if (value.phone.length > LIMITS.customerPhone) errors.phone = tooLong(LIMITS.customerPhone);
  else if (value.phone !== '' && !/^[0-9+()./\s-]+$/.test(value.phone)) errors.phone = 'Digits, spaces and + ( ) - . / only';
  if (value.note.length > LIMITS.customerNote) errors.note = tooLong(LIMITS.customerNote);
  return { value, errors };
}

export interface CompanyInput {
  name: string;
  shortInfo: string;
}

export function checkCompany(input: CompanyInput): { value: CompanyInput; errors: FieldErrors<keyof CompanyInput> } {
  const value = { name: sanitizeInput(input.name), shortInfo: sanitizeInput(input.shortInfo) };
  const errors: FieldErrors<keyof CompanyInput> = {};
  if (value.name === '') errors.name = 'A name is required';
  else if (value.name.length > LIMITS.companyName) errors.name = tooLong(LIMITS.companyName);
  if (value.shortInfo.length > LIMITS.companyShortInfo) errors.shortInfo = tooLong(LIMITS.companyShortInfo);
  return { value, errors };
}

export interface ServiceInput {
  name: string;
  description: string;
  durationMinutes: number;
}

export function checkService(input: ServiceInput): { value: ServiceInput; errors: FieldErrors<keyof ServiceInput> } {
  const value = { name: sanitizeInput(input.name), description: input.description.trim(), durationMinutes: input.durationMinutes };
  const errors: FieldErrors<keyof ServiceInput> = {};
  if (value.name === '') errors.name = 'A name is required';
  else if (value.name.length > LIMITS.serviceName) errors.name = tooLong(LIMITS.serviceName);
  if (value.description.length > LIMITS.serviceDescription) errors.description = tooLong(LIMITS.serviceDescription);
  if (!Number.isInteger(value.durationMinutes) || value.durationMinutes < 0 || value.durationMinutes > LIMITS.serviceDurationMinutes) {
    errors.durationMinutes = `A whole number of minutes up to ${LIMITS.serviceDurationMinutes}`;
  }
  return { value, errors };
}

/**
 * The Vehicle Finder's normalisation, the same as tagbook_search_key() in migration 0010: letters and digits only,
 * upper case, so VINs, plates and tag hashes match however they were typed.
 */
export function searchKey(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}
