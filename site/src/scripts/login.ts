// The login form without React (/giris ≤ 70 KB of JavaScript, and React DOM alone is 68 KB). giris.astro
// renders the whole form on the server; this wires it: the checks of behaviour.md#validation, the API's one error shape (behaviour.md#error-messages), the
// pending button, the password toggle, the success toast and the same-site redirect. Every listener hangs on one
// AbortController so tests can tear it down.
import type { PublicUser } from '../../../contracts/auth';
import { publicMsg as msg } from '../../../contracts/public-texts';
import { checkLogin, type LoginField } from '../lib/checks';
import { type ApiErrorBody, ApiRequestError, errorText, messageOf } from '../lib/errors';
import { clearSession, signIn } from '../stores/session';
import { TOAST_MS } from '../stores/toast';

export const LOGIN_TEXT = {
  success: 'Başarıyla giriş yapıldı!',
  failed: 'Giriş yapılırken bir hata oluştu',
  submit: 'Giriş Yap',
  pending: 'Giriş yapılıyor...',
  show: 'Şifreyi göster',
  hide: 'Şifreyi gizle',
} as const;

/** How long the success toast is seen before the page changes. */
export const REDIRECT_DELAY_MS = 700;

/** The API's 10 s limit for one call (lib/api.ts), without shipping the typed client to this page. */
const TIMEOUT_MS = 10_000;

/** Where staff land after signing in when no page sent them here: the panel (docs/behaviour.md#login-and-sessions). */
export const AFTER_LOGIN = '/yonetim';

/**
 * The `redirect` (or `next`) query as a same-site path, else the panel. Only a path starting with a single '/'
 * qualifies: '//host', '/\host' and absolute URLs would leave the site (never an open redirect), and so would a path
 * the URL parser reads as one (tabs and newlines are dropped: '/\t/host'); /giris itself would loop.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return AFTER_LOGIN;
  try {
    const url = new URL(target, 'https://site.invalid');
    if (url.origin !== 'https://site.invalid' || url.pathname === '/giris') return AFTER_LOGIN;
    return url.pathname + url.search + url.hash;
  } catch {
    return AFTER_LOGIN;
  }
}

/** The page a sign-in goes back to, from /giris's query: `redirect` (the panel's guard sets it), else `next`. */
export const redirectOf = (params: URLSearchParams) => safeRedirect(params.get('redirect') ?? params.get('next'));

/** behaviour.md#error-messages 'Login failure': the English credential message and any 401 read as the Turkish credential text. */
export function loginErrorText(e: unknown): string {
  if (e instanceof ApiRequestError) {
    if (/Invalid identifier or password/i.test(e.message)) return msg.invalidCredentials;
    if (e.status === 401) return e.message === msg.userBlocked ? msg.userBlocked : msg.invalidCredentials;
    return errorText(e.body, undefined, LOGIN_TEXT.failed);
  }
  return messageOf(e, LOGIN_TEXT.failed);
}

/**
 * POST /api/auth/local. The session is the HttpOnly cookie this answer sets; the jwt in the body is for API clients
 * and is not kept. A refusal throws ApiRequestError with the text of behaviour.md#error-messages, as lib/api.ts `unwrap` does.
 */
async function postLogin(body: { identifier: string; password: string; remember: boolean }): Promise<PublicUser> {
  const res = await fetch('/api/auth/local', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (!res.ok) throw new ApiRequestError(errorText(json as ApiErrorBody), res.status, json as ApiErrorBody);
  return (json as { data: { user: PublicUser } }).data.user;
}

/** Wires the form giris.astro rendered; returns the teardown. Without the form on the page it does nothing. */
export function initLogin(): () => void {
  const controller = new AbortController();
  const on = { signal: controller.signal };
  const found = document.querySelector<HTMLFormElement>('[data-login-form]');
  if (!found) return () => controller.abort();
  const form = found;

  const input = (field: LoginField) => form.querySelector<HTMLInputElement>(`input[name=${field}]`)!;
  const errorOf = (field: LoginField) => document.getElementById(`${input(field).id}-error`)!;
  const formError = document.getElementById('login-error')!;
  const remember = form.querySelector<HTMLInputElement>('input[name=remember]')!;
  const submitButton = form.querySelector<HTMLButtonElement>('[data-login-submit]')!;
  const toggle = form.querySelector<HTMLButtonElement>('[data-password-toggle]')!;
  let submitting = false;

  const target = () => redirectOf(new URLSearchParams(window.location.search));

  function setFieldError(field: LoginField, text: string | undefined) {
    const el = errorOf(field);
    el.textContent = text ?? '';
    el.hidden = !text;
    if (text) {
      input(field).setAttribute('aria-invalid', 'true');
      input(field).setAttribute('aria-describedby', el.id);
    } else {
      input(field).removeAttribute('aria-invalid');
      input(field).removeAttribute('aria-describedby');
    }
  }

  /** The form-level message (a refused login): a role=alert box the form is described by while it shows. */
  function setFormError(text: string | null) {
    formError.textContent = text ?? '';
    formError.hidden = !text;
    if (text) form.setAttribute('aria-describedby', formError.id);
    else form.removeAttribute('aria-describedby');
  }

  /** No input while signing in; the button says what is happening. */
  function setSubmitting(busy: boolean) {
    submitting = busy;
    for (const el of [input('identifier'), input('password'), remember, submitButton]) el.disabled = busy;
    submitButton.textContent = busy ? LOGIN_TEXT.pending : LOGIN_TEXT.submit;
  }

  // Editing a field clears its error (behaviour.md#validation) and the form's message.
  for (const field of ['identifier', 'password'] as const)
    input(field).addEventListener(
      'input',
      () => {
        if (!errorOf(field).hidden) setFieldError(field, undefined);
        setFormError(null);
      },
      on,
    );

  toggle.addEventListener(
    'click',
    () => {
      const show = input('password').type === 'password';
      input('password').type = show ? 'text' : 'password';
      toggle.setAttribute('aria-label', show ? LOGIN_TEXT.hide : LOGIN_TEXT.show);
      toggle.setAttribute('aria-pressed', String(show));
      for (const icon of toggle.querySelectorAll<SVGElement>('[data-icon]'))
        icon.classList.toggle('hidden', (icon.dataset.icon === 'hide') !== show);
    },
    on,
  );

  form.addEventListener(
    'submit',
    async (e) => {
      e.preventDefault();
      if (submitting) return;
      setFormError(null);
      const parsed = checkLogin(input('identifier').value, input('password').value);
      if ('errors' in parsed) {
        setFieldError('identifier', parsed.errors.identifier);
        setFieldError('password', parsed.errors.password);
        input(parsed.errors.identifier ? 'identifier' : 'password').focus();
        return;
      }
      setFieldError('identifier', undefined);
      setFieldError('password', undefined);
      // Disabling the focused control drops focus to the page; a refusal puts it back where the visitor was.
      const focused = document.activeElement;
      setSubmitting(true);
      try {
        const user = await postLogin({ ...parsed, remember: remember.checked });
        signIn(user, remember.checked);
        showToast(LOGIN_TEXT.success);
        window.setTimeout(() => window.location.assign(target()), REDIRECT_DELAY_MS);
      } catch (err) {
        setFormError(loginErrorText(err));
        setSubmitting(false);
        if (focused instanceof HTMLElement && (document.activeElement === document.body || !document.activeElement))
          focused.focus();
      }
    },
    on,
  );

  // Until this runs the server-rendered button stays disabled: a native submit would send the form without the checks.
  submitButton.disabled = false;
  form.dataset.ready = '';

  // An already signed-in visitor never gets this page: giris.astro sends them back where they came from (behaviour.md#public-site
  // 'Login') from the session cookie. So whoever sees the form is signed out, and nothing asks the API (its 401 was a
  // console error for every visitor); a display hint left from an ended session goes.
  clearSession();

  return () => controller.abort();
}

/** The success toast in the page's polite live region (ui/Toasts.tsx's look), gone after TOAST_MS or on ✕. */
function showToast(title: string) {
  const region = document.querySelector<HTMLElement>('[data-toasts]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-toast]');
  if (!region || !template) return;
  const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  item.querySelector('[data-toast-title]')!.textContent = title;
  item.querySelector('button')!.addEventListener('click', () => item.remove());
  region.appendChild(item);
  window.setTimeout(() => item.remove(), TOAST_MS);
}
