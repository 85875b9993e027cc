// 'Bu saatlerde bir saha boşalınca haber ver' on an empty 'Boş saat bul' (docs/behaviour.md#waitlist): the form is
// rendered on the server; this module, loaded on its first submit, sends it as a window entry (the search's day, hours
// and filters) and shows the answer as the pitch page does: the place, what comes next, 'Listeden çık'.
import { waitlistTexts } from '../../../contracts/waitlist';
import { formatPhoneTyping } from '../stores/booking/phone-typing';
import type { WindowJoin } from './waitlist-api';
import {
  errorOf,
  fieldErrorsOf,
  join,
  LEAVE_FAILED,
  LEFT_TEXT,
  leave,
  NAME_REQUIRED,
  PHONE_REQUIRED,
  PUSH_FAILED,
} from './waitlist-join';

/** The window as the page rendered it on the form (data-gun, data-saat, data-ilce, data-servis, …, data-sure). */
export function windowOf(form: HTMLFormElement): Omit<WindowJoin, 'customerName' | 'customerPhone'> {
  const d = form.dataset;
  const sure = Number(d.sure);
  return {
    gun: d.gun ?? '',
    saat: d.saat ?? '',
    ...(d.ilce ? { ilce: d.ilce } : {}),
    ...(d.servis === '1' ? { servis: true } : {}),
    ...(d.kapali === '1' ? { kapali: true } : {}),
    ...(d.aydinlatma === '1' ? { aydinlatma: true } : {}),
    ...(sure ? { duration: sure } : {}),
  };
}

function setError(form: HTMLFormElement, name: string, text: string | undefined) {
  const field = form.elements.namedItem(name) as HTMLInputElement | null;
  const box = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
  if (!field || !box) return;
  box.textContent = text ?? '';
  box.hidden = !text;
  if (text) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
}

/** Sends the form; shows the field errors, the refusal, or the answer in place of the form. */
export async function submitWindow(form: HTMLFormElement) {
  const name = (form.elements.namedItem('customerName') as HTMLInputElement).value.trim();
  const phone = (form.elements.namedItem('customerPhone') as HTMLInputElement).value;
  const wantsPush = Boolean((form.elements.namedItem('push') as HTMLInputElement | null)?.checked);
  const problem = form.querySelector<HTMLElement>('[data-waitlist-error]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  setError(form, 'customerName', name ? undefined : NAME_REQUIRED);
  setError(form, 'customerPhone', phone.trim() ? undefined : PHONE_REQUIRED);
  if (problem) problem.hidden = true;
  if (!name || !phone.trim()) return;
  if (button) button.disabled = true;
  try {
    const { entry, pushFailed } = await join(
      { ...windowOf(form), customerName: name, customerPhone: phone },
      wantsPush,
    );
    const answer = form.parentElement?.querySelector<HTMLElement>('[data-waitlist-answer]');
    if (!answer) return;
    const minutes = Number(form.dataset.claimMinutes) || 15;
    const lines = [
      waitlistTexts.joined(entry.position ?? 1),
      waitlistTexts.explain(minutes),
      ...(pushFailed ? [PUSH_FAILED] : []),
      'Sıranızı Rezervasyonlarım sayfasından izleyebilirsiniz.',
    ];
    answer.replaceChildren(
      ...lines.map((text, i) => {
        const p = document.createElement('p');
        p.textContent = text;
        p.className = i === 0 ? 'font-semibold' : 'mt-1 text-sm';
        return p;
      }),
    );
    const out = document.createElement('button');
    out.type = 'button';
    out.textContent = waitlistTexts.leave;
    out.className = form.dataset.leaveClass ?? '';
    out.dataset.waitlistLeave = '';
    out.addEventListener('click', async () => {
      out.disabled = true;
      try {
        await leave(entry.key);
        const p = document.createElement('p');
        p.className = 'font-semibold';
        p.textContent = LEFT_TEXT;
        answer.replaceChildren(p);
      } catch {
        out.disabled = false;
        const p = document.createElement('p');
        p.setAttribute('role', 'alert');
        p.textContent = LEAVE_FAILED;
        answer.appendChild(p);
      }
    });
    answer.appendChild(out);
    answer.dataset.waitlistJoined = String(entry.position ?? '');
    answer.hidden = false;
    form.hidden = true;
    answer.focus();
  } catch (e) {
    const fields = fieldErrorsOf(e);
    setError(form, 'customerName', fields.customerName);
    setError(form, 'customerPhone', fields.customerPhone);
    if (!fields.customerName && !fields.customerPhone && problem) {
      problem.textContent = errorOf(e);
      problem.hidden = false;
    }
  } finally {
    if (button) button.disabled = false;
  }
}

/** The phone box formatted while typing, as on the booking form. */
export function formatPhone(input: HTMLInputElement) {
  input.value = formatPhoneTyping(input.value);
}
