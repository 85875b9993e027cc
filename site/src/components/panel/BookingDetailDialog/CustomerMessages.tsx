// The booking detail's WhatsApp messages (docs/behaviour.md#bookings 'Messages to the customer'): read with the booking,
// and opening one re-reads the booking so its history shows the new row.
import type { CustomerMessage } from '../../../../../contracts/customer-messages';
import { client, unwrap } from '../../../lib/api';
import { type MessageWire, WhatsAppMessages } from '../WhatsAppMessages';
import type { BookingDetail } from './model';

interface Props {
  booking: BookingDetail;
  /** The booking re-read after the history row was written. */
  onOpened: (b: BookingDetail, message: string) => void;
}

export function CustomerMessages({ booking, onOpened }: Props) {
  const id = booking.documentId;
  const opened = (m: MessageWire<CustomerMessage>) => {
    unwrap(
      client.api.bookings[':id'].messages[':kind'].$post(
        { param: { id, kind: m.kind } },
        { init: { keepalive: true } },
      ),
    )
      .then(() => unwrap(client.api.bookings[':id'].$get({ param: { id } })))
      .then((b) => onOpened(b, `WhatsApp açıldı: ${m.label}`))
      .catch(() => {});
  };
  return (
    <WhatsAppMessages
      // Which messages fit follows the booking's status and money.
      version={`${id}:${booking.status}:${booking.updatedAt}`}
      read={() =>
        unwrap(client.api.bookings[':id'].messages.$get({ param: { id } })) as Promise<MessageWire<CustomerMessage>[]>
      }
      onOpen={opened}
    />
  );
}
