import { OwnerContactService } from '../gen/tagbook/v1/owner_contact_pb.js';
import { rpcClient } from '../rpc/transport.js';

// Reaching a vehicle's owner through its tag goes through the server (OwnerContactService): a visitor has no
// synced rows to write to, and the relay is what keeps both sides' addresses hidden.

export async function sendToOwner(message: { tagHash: string; reason: string; body: string; replyEmail: string }): Promise<void> {
  await rpcClient(OwnerContactService).sendToOwner(message);
}

export async function replyToMessage(messageId: string, body: string): Promise<void> {
  await rpcClient(OwnerContactService).replyToMessage({ messageId, body });
}
