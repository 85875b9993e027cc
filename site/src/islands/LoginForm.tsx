import { type FormEvent, useEffect, useRef, useState } from 'react';
import { msg } from '../../../contracts/texts';
import { hasFocusRing } from '../components/ui/focus';
import { EyeIcon, EyeOffIcon } from '../components/ui/icons';
import { Button } from '../components/ui/light/Button';
import { TextField } from '../components/ui/light/TextField';
import { Toasts } from '../components/ui/Toasts';
import { client, unwrap } from '../lib/api';
import { checkLogin } from '../lib/checks';
import { ApiRequestError, errorText, messageOf } from '../lib/errors';
import { loadSession, signIn } from '../stores/session';
import { toast } from '../stores/toast';

export const LOGIN_TEXT = {
  success: 'Başarıyla giriş yapıldı!',
  failed: 'Giriş yapılırken bir hata oluştu',
} as const;

/** How long the success toast is seen before the page changes. */
export const REDIRECT_DELAY_MS = 700;

/**
 * The `redirect` query as a same-site path, else '/'. Only a path starting with a single '/' qualifies: '//host',
 * '/\host' and absolute URLs would leave the site; /giris itself would loop.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  try {
    const url = new URL(target, 'https://site.invalid');
    if (url.origin !== 'https://site.invalid' || url.pathname === '/giris') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

/** 01 §8 'Login failure': the English credential message and any 401 read as the Turkish credential text. */
export function loginErrorText(e: unknown): string {
  if (e instanceof ApiRequestError) {
    if (/Invalid identifier or password/i.test(e.message)) return msg.invalidCredentials;
    if (e.status === 401) return e.message === msg.userBlocked ? msg.userBlocked : msg.invalidCredentials;
    return errorText(e.body, undefined, LOGIN_TEXT.failed);
  }
  return messageOf(e, LOGIN_TEXT.failed);
}

type Field = 'identifier' | 'password';
type Errors = Partial<Record<Field, string>>;

export default function LoginForm({ redirect }: { redirect?: string | null }) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Until the island runs, the server-rendered button stays disabled: a native submit would put the password in the URL.
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const target = () => safeRedirect(redirect ?? new URLSearchParams(window.location.search).get('redirect'));

  // An already signed-in visitor goes back where they came from (01 §2 'Login'): the server says so, not a stored hint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount: the redirect target is read when the session answers
  useEffect(() => {
    setHydrated(true);
    void loadSession().then((s) => {
      if (s.status === 'signed-in') window.location.replace(target());
    });
  }, []);

  function edit(field: Field, value: string) {
    (field === 'identifier' ? setIdentifier : setPassword)(value);
    // Editing a field clears its error (01 §5).
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  }

  /** What both fields share: name, edits, error, and no input while signing in. */
  const fieldProps = (field: Field) => ({
    name: field,
    onChange: (v: string) => edit(field, v),
    errorMessage: errors[field],
    isDisabled: submitting,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setFormError(null);
    const parsed = checkLogin(identifier, password);
    if ('errors' in parsed) {
      const found: Errors = parsed.errors;
      setErrors(found);
      const first = found.identifier ? 'identifier' : 'password';
      formRef.current?.querySelector<HTMLInputElement>(`input[name=${first}]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      // The session is the HttpOnly cookie this answer sets; the jwt in the body is for API clients and is not kept.
      const { user } = await unwrap(client.api.auth.local.$post({ json: { ...parsed, remember } }));
      signIn(user, remember);
      toast('success', LOGIN_TEXT.success);
      window.setTimeout(() => window.location.assign(target()), REDIRECT_DELAY_MS);
    } catch (err) {
      setFormError(loginErrorText(err));
      setSubmitting(false);
    }
  }

  return (
    <>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="space-y-5"
        aria-describedby={formError ? 'login-error' : undefined}
      >
        {formError && (
          <div
            id="login-error"
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {formError}
          </div>
        )}
        <TextField
          label="E-posta veya kullanıcı adı"
          autoComplete="username"
          maxLength={254}
          value={identifier}
          {...fieldProps('identifier')}
        />
        <TextField
          label="Şifre"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={200}
          value={password}
          {...fieldProps('password')}
          suffix={
            <Button
              variant="quiet"
              size="inset"
              onPress={() => setShowPassword((s) => !s)}
              aria-label={showPassword ? 'Şifreyi gizle' : 'Şifreyi göster'}
              aria-pressed={showPassword}
              className="absolute inset-y-1 right-1"
            >
              {showPassword ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
            </Button>
          }
        />
        <label className={`flex w-fit cursor-pointer items-center gap-2 rounded text-sm ${hasFocusRing}`}>
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            disabled={submitting}
            className="h-5 w-5 cursor-pointer accent-turf-700"
          />
          Beni hatırla
        </label>
        <Button type="submit" size="lg" className="w-full" isDisabled={submitting || !hydrated}>
          {submitting ? 'Giriş yapılıyor...' : 'Giriş Yap'}
        </Button>
      </form>
      <Toasts />
    </>
  );
}
