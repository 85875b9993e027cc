import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button as RACButton } from 'react-aria-components/Button';
import { Checkbox } from 'react-aria-components/Checkbox';
import { FieldError } from 'react-aria-components/FieldError';
import { Input } from 'react-aria-components/Input';
import { Label } from 'react-aria-components/Label';
import { TextField as RACTextField } from 'react-aria-components/TextField';
import { loginSchema } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/TextField';
import { Toasts } from '../components/ui/Toasts';
import { client, unwrap } from '../lib/api';
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
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
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

const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white py-2 pl-3 pr-12 text-slate-900 placeholder:text-slate-500 outline-none focus:border-turf-700 focus:ring-2 focus:ring-turf-600/40 invalid:border-red-700 aria-invalid:border-red-700 dark:border-slate-500 dark:aria-invalid:border-red-400 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

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

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    setFormError(null);
    const parsed = loginSchema.safeParse({ identifier, password });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = found.identifier ? 'identifier' : 'password';
      formRef.current?.querySelector<HTMLInputElement>(`input[name=${first}]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      // The session is the HttpOnly cookie this answer sets; the jwt in the body is for API clients and is not kept.
      const { user } = await unwrap(client.api.auth.local.$post({ json: { ...parsed.data, remember } }));
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
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" aria-describedby={formError ? 'login-error' : undefined}>
        {formError && (
          <div id="login-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            {formError}
          </div>
        )}
        <TextField
          label="E-posta veya kullanıcı adı"
          name="identifier"
          autoComplete="username"
          value={identifier}
          onChange={(v) => edit('identifier', v)}
          errorMessage={errors.identifier}
          validationBehavior="aria"
          isDisabled={submitting}
        />
        <RACTextField
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(v) => edit('password', v)}
          isInvalid={Boolean(errors.password)}
          validationBehavior="aria"
          isDisabled={submitting}
          className="block"
        >
          <Label className="text-sm font-medium text-slate-800 dark:text-slate-200">Şifre</Label>
          <div className="relative mt-1">
            <Input className={inputClass} />
            <RACButton
              onPress={() => setShowPassword((s) => !s)}
              aria-label={showPassword ? 'Şifreyi gizle' : 'Şifreyi göster'}
              aria-pressed={showPassword}
              className="absolute inset-y-1 right-1 flex cursor-pointer items-center rounded-md px-2 text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-turf-600 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <EyeIcon open={!showPassword} />
            </RACButton>
          </div>
          <FieldError className="mt-1 block text-sm font-medium text-red-700 dark:text-red-400">{errors.password}</FieldError>
        </RACTextField>
        <Checkbox isSelected={remember} onChange={setRemember} isDisabled={submitting} className="group flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <span
            aria-hidden="true"
            className="flex h-5 w-5 items-center justify-center rounded border-2 border-slate-500 bg-white text-white group-data-selected:border-turf-700 group-data-selected:bg-turf-700 group-data-focus-visible:ring-2 group-data-focus-visible:ring-turf-600 group-data-focus-visible:ring-offset-2 dark:border-slate-400 dark:bg-slate-900 dark:group-data-selected:border-turf-500 dark:group-data-selected:bg-turf-700 dark:ring-offset-slate-900"
          >
            <svg viewBox="0 0 24 24" className="hidden h-3.5 w-3.5 group-data-selected:block" fill="none" stroke="currentColor" strokeWidth={3}><path d="M5 12.5l4.5 4.5L19 7.5" /></svg>
          </span>
          Beni hatırla
        </Checkbox>
        <Button type="submit" size="lg" className="w-full" isDisabled={submitting || !hydrated}>
          {submitting ? 'Giriş yapılıyor...' : 'Giriş Yap'}
        </Button>
      </form>
      <Toasts />
    </>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M4 4l16 16" />}
    </svg>
  );
}
