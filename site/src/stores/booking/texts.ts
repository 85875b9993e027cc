// The flow's texts (behaviour.md#error-messages): every one written once in contracts/messages.
import { publicMsg as msg } from '../../../../contracts/public-texts';

// Status labels are the tracking page's (behaviour.md#states-and-transitions), written once there.
export { statusLabel } from '../../../../contracts/booking-statuses';
export const CREATE_FALLBACK = msg.createFailed;
export const CANCEL_FALLBACK = msg.cancelFailed;
export const CANCEL_SUCCESS = msg.cancelSuccess;
export const SLOTS_FAILED = msg.slotsFailed;
