import ChevronRight from 'lucide-react/icons/chevron-right';
import MessageSquare from 'lucide-react/icons/message-square';
import { vehiclePath } from '../../../app/routes.js';
import { counted } from '../../../domain/counting.js';
import { vehicleDisplayName } from '../../../domain/vehicleName.js';
import { ListItem, ListItemDetail } from '../../../ui/ListItem.js';
import { useUnreadMessages } from '../data/messages.js';

/** The signed-in home's word that someone wrote through a tag: each vehicle with unread messages, to its Messages page. */
export function NewMessages() {
  const unread = useUnreadMessages();
  if (unread.status !== 'ready' || unread.rows.length === 0) return null;
  return (
    <nav className="ui-list" aria-label="New messages" data-new-messages="">
      {unread.rows.map((v) => (
        <ListItem key={v.vehicle_id} to={vehiclePath(v.vehicle_id, 'messages')} icon={MessageSquare} title={`New messages: ${vehicleDisplayName(v.name)}`} endIcon={ChevronRight}>
          <ListItemDetail>{counted(v.unread, 'unread message')}</ListItemDetail>
        </ListItem>
      ))}
    </nav>
  );
}
