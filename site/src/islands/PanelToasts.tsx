import { Toasts } from '../components/ui/Toasts';

/** The panel's one toast region (02 §2): every island on the page calls toast() and this renders them. */
export default function PanelToasts() {
  return <Toasts />;
}
