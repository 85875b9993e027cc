// A subscriber's WhatsApp messages (docs/behaviour.md#bookings 'Messages to the customer'): every booking number of the
// weeks ahead with the calendar feed, and the renewal while 1–2 weeks are left. Opening one is a history row on each
// of those weeks.
import type { SubscriptionMessage } from '../../../../../contracts/customer-messages';
import { client, unwrap } from '../../../lib/api';
import { toast } from '../../../stores/toast';
import { type MessageWire, WhatsAppMessages } from '../WhatsAppMessages';

const route = client.api.subscriptions[':groupId'].messages;

/** `version` changes when the feed does (the message carries its address). */
export function SubscriptionMessages({ groupId, version }: { groupId: string; version: number }) {
  const opened = (m: MessageWire<SubscriptionMessage>) => {
    unwrap(route[':kind'].$post({ param: { groupId, kind: m.kind } }, { init: { keepalive: true } }))
      .then(() => toast('success', `WhatsApp açıldı: ${m.label}`))
      .catch(() => {});
  };
  return (
    <WhatsAppMessages
      version={`${groupId}:${version}`}
      read={() => unwrap(route.$get({ param: { groupId } })) as Promise<MessageWire<SubscriptionMessage>[]>}
      onOpen={opened}
    />
  );
}
