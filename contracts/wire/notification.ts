// A staff notification as the API and the staff hub send it (services/notifications.ts notificationToWire).
import { z } from 'zod';
import '../messages';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '../panel';

export const notificationWire = z.object({
  id: z.number(),
  documentId: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  bookingId: z.number().nullable(),
  facilityId: z.number().nullable(),
  /** The staff member whose action raised it: their bell takes it as read, with no toast or sound. */
  actorUserId: z.number().nullable(),
  /** The booking it is about, by its number (the panel links /yonetim/rezervasyonlar?booking=…); null for none. */
  bookingNumber: z.string().nullable().optional(),
});
export type NotificationWire = z.infer<typeof notificationWire>;
