/** Why an uploaded change was not applied: what the device's user reads, and the kind of reason. */
export interface Refusal {
  code: 'permission_denied' | 'invalid_value' | 'not_found';
  message: string;
}

export const deny = (message: string): Refusal => ({ code: 'permission_denied', message });
export const invalid = (message: string): Refusal => ({ code: 'invalid_value', message });

/**
 * What a caller hears about a row they may not touch, whether it exists or not: answering "not yours" for real ids
 * and "not found" for made-up ones would tell an attacker which private vehicles and requests exist.
 */
export const VEHICLE_NOT_YOURS: Refusal = { code: 'not_found', message: 'Vehicle not found or not yours' };
export const REQUEST_NOT_YOURS: Refusal = { code: 'not_found', message: 'Service request not found or not yours' };
export const CUSTOMER_NOT_YOURS: Refusal = { code: 'not_found', message: 'Customer not found or not yours' };
export const FILE_NOT_YOURS: Refusal = { code: 'not_found', message: 'File not found or not yours' };
/** A change to a row that does not exist, where the row says nothing about whose it would be. */
export const NO_SUCH_ROW: Refusal = { code: 'not_found', message: 'There is no such row to change' };

export const DESCRIBE_THE_WORK = 'Describe the work the request is for';

/**
 * What the device hears when the database refuses a change the policy let through (its own words name tables and
 * columns, and go to the server's log instead). Each such case is a rule the policy lacks.
 */
export const NOT_STORABLE: Refusal = invalid('The server could not store this change');
