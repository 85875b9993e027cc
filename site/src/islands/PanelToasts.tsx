import { Toasts } from '../components/ui/Toasts';

/** The panel's one toast region (behaviour.md#management-panel): every island on the page calls toast() and this renders them. */
export default function PanelToasts() {
  return <Toasts />;
}
