/**
 * An owner handing their vehicle to someone else (server/vehicles/transfer-service.ts): the owner names the new
 * owner's email, the server mails them a link, and the vehicle moves — with its records, photos and tags — when the
 * account with that email accepts. Until then the owner may cancel it; unanswered, it lapses.
 *
 * Private notes: by default the previous owner's private notes are left out (removed when the transfer is
 * accepted). They are the owner's own words — what they paid, who they bought from, reminders to themselves — not
 * the vehicle's history, which the records, public notes and photos carry. The owner may choose to hand them over.
 */

/** How long a transfer waits for its answer. */
export const TRANSFER_LIFETIME_DAYS = 14;

export type TransferState = 'pending' | 'accepted' | 'cancelled' | 'expired';

export interface TransferFacts {
  /** ISO-8601 or null. */
  accepted_at: string | null;
  cancelled_at: string | null;
  expires_at: string;
}

/** Where a transfer stands at `now` (epoch ms): an answer or a cancellation is final; unanswered it lapses. */
export function transferState(t: TransferFacts, now: number): TransferState {
  if (t.accepted_at) return 'accepted';
  if (t.cancelled_at) return 'cancelled';
  return Date.parse(t.expires_at) <= now ? 'expired' : 'pending';
}

/** The choice about the previous owner's private notes, as the form offers it. */
export const PRIVATE_NOTES_CHOICES = [
  { value: 'leave', label: 'Leave my private notes out', hint: 'They are removed when the transfer is accepted.' },
  { value: 'keep', label: 'Hand my private notes over too', hint: 'The new owner reads them as their own.' },
] as const;

/** What each refusal of the transfer service says, so the app and the server tests read one text. */
export const TRANSFER_REFUSALS = {
  notOwner: 'Only the vehicle’s owner can hand it over',
  toSelf: 'You already own this vehicle: type the new owner’s email',
  pendingExists: 'A transfer of this vehicle is already waiting: cancel it first',
  unknownLink: 'This transfer link is not valid',
  notPending: 'This transfer is no longer waiting',
  otherAccount: 'This transfer is for another email address: sign in with the address it was sent to',
  ownerChanged: 'This vehicle has changed hands since the transfer was sent',
} as const;
