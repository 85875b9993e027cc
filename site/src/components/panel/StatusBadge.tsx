// The panel shows the same badges as the tracking page (02 §4): a word and an icon on each, AA in both themes.
export { PaymentBadge, StatusBadge } from '../tracking/StatusBadge';
