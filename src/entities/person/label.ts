/** Someone the device has no name for: a vehicle owner looking at the shop's staff. */
const UNKNOWN_PERSON = 'Shop staff';

/** A person's name as the pages show it, UNKNOWN_PERSON when the device has none. */
export const personLabel = (name: string | null | undefined) => (name && name.trim() !== '' ? name : UNKNOWN_PERSON);
