// Hesabım: every staff member changes their own password, the current one required. The server ends every
// other session of the account and renews this one's cookie, so the page stays signed in.
import { useState } from 'react';
import { changePasswordSchema, NEW_PASSWORD_MIN } from '../../../contracts/staff';
import { issueErrors, submitErrors } from '../components/panel/staff/format';
import { Button } from '../components/ui/Button';
import { TextField } from '../components/ui/TextField';
import { client, unwrap } from '../lib/api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function OwnPassword() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setDone(false);
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      await unwrap(client.api.auth.password.$put({ json: parsed.data }));
      setForm(EMPTY);
      setErrors({});
      setDone(true);
    } catch (e) {
      setErrors(submitErrors(e));
    } finally {
      setBusy(false);
    }
  }

  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <form
      noValidate
      aria-labelledby="own-password-heading"
      className="grid max-w-md gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="own-password-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Şifre değiştir
      </h2>
      <TextField
        label="Mevcut şifre"
        type="password"
        autoComplete="current-password"
        isRequired
        value={form.currentPassword}
        onChange={set('currentPassword')}
        errorMessage={errors.currentPassword}
      />
      <TextField
        label="Yeni şifre"
        type="password"
        autoComplete="new-password"
        isRequired
        description={`En az ${NEW_PASSWORD_MIN} karakter.`}
        value={form.newPassword}
        onChange={set('newPassword')}
        errorMessage={errors.newPassword}
      />
      <TextField
        label="Yeni şifre (tekrar)"
        type="password"
        autoComplete="new-password"
        isRequired
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        errorMessage={errors.confirmPassword}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {errors.form}
        </p>
      )}
      <p role="status" data-password-status className="text-sm font-medium text-turf-800 dark:text-turf-300">
        {done ? 'Şifreniz değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı; bu oturum açık kalır.' : ''}
      </p>
      <div>
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Kaydediliyor…' : 'Şifreyi değiştir'}
        </Button>
      </div>
    </form>
  );
}
