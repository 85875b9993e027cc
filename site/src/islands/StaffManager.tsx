// Ayarlar → Personel (admin only): the staff accounts, their creation with a generated first password shown
// once, disable/enable, password reset and role change. The server is the authority for every rule (the last admin,
// oneself, unique names); its Turkish messages are shown as they come.
import { useCallback, useEffect, useState } from 'react';
import type { RoleType } from '../../../contracts/auth';
import {
  STAFF_ROLES,
  type StaffUserWire,
  type StaffWithPasswordWire,
  staffCreateSchema,
} from '../../../contracts/staff';
import { dateTimeTr, issueErrors, submitErrors } from '../components/panel/staff/format';
import { Button } from '../components/ui/Button';
import { Modal } from '../components/ui/Modal';
import { Select } from '../components/ui/Select';
import { TextField } from '../components/ui/TextField';
import { client, unwrap } from '../lib/api';
import { messageOf } from '../lib/errors';
import { displayName, roleLabel } from '../lib/panel';
import { toast } from '../stores/toast';

const staffUser = client.api['staff-users'][':id'];
const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: roleLabel({ type: value }) }));
const EMPTY = { username: '', email: '', firstName: '', lastName: '', role: 'manager' as RoleType };

interface Confirm {
  title: string;
  text: string;
  action: string;
  run: () => Promise<void>;
}

export default function StaffManager({ currentUserId }: { currentUserId: number }) {
  const [users, setUsers] = useState<StaffUserWire[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<(StaffWithPasswordWire & { reset: boolean }) | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const load = useCallback(async () => {
    try {
      setUsers(await unwrap(client.api['staff-users'].$get()));
      setLoadError(null);
    } catch (e) {
      setLoadError(messageOf(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (u: StaffUserWire) => setUsers((list) => list?.map((x) => (x.id === u.id ? u : x)) ?? null);

  async function create() {
    const parsed = staffCreateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const answer = await unwrap(client.api['staff-users'].$post({ json: parsed.data }));
      setUsers((list) => [...(list ?? []), answer.user]);
      setCreating(false);
      setForm(EMPTY);
      setErrors({});
      setShown({ ...answer, reset: false });
    } catch (e) {
      setErrors(submitErrors(e));
    } finally {
      setBusy(false);
    }
  }

  async function patch(u: StaffUserWire, body: { active?: boolean; role?: RoleType }, done: string) {
    try {
      replace(await unwrap(staffUser.$patch({ param: { id: String(u.id) }, json: body })));
      toast('success', done);
    } catch (e) {
      toast('error', messageOf(e));
      void load();
    }
  }

  async function reset(u: StaffUserWire) {
    try {
      const answer = await unwrap(staffUser['reset-password'].$post({ param: { id: String(u.id) } }));
      replace(answer.user);
      setShown({ ...answer, reset: true });
    } catch (e) {
      toast('error', messageOf(e));
    }
  }

  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <section aria-labelledby="staff-heading" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="staff-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Personel hesapları
        </h1>
        <Button onPress={() => setCreating(true)} data-staff-create>
          Yeni personel
        </Button>
      </div>
      {loadError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {loadError}
        </p>
      )}
      {!users && !loadError && <p className="text-sm text-slate-700 dark:text-slate-300">Yükleniyor…</p>}
      {users && (
        <ul className="grid gap-3" data-staff-list>
          {users.map((u) => {
            const self = u.id === currentUserId;
            const name = displayName(u);
            return (
              <li
                key={u.id}
                data-staff-row={u.username}
                className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
                      {name}
                      {self && (
                        <span className="ml-2 text-sm font-normal text-slate-700 dark:text-slate-300">(siz)</span>
                      )}
                    </p>
                    <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                      {u.username} · {u.email}
                    </p>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      <span
                        data-staff-status
                        className={
                          u.active
                            ? 'font-semibold text-turf-800 dark:text-turf-300'
                            : 'font-semibold text-red-800 dark:text-red-300'
                        }
                      >
                        {u.active ? 'Aktif' : 'Devre dışı'}
                      </span>
                      {' · '}
                      Son giriş: {u.lastLoginAt ? dateTimeTr(u.lastLoginAt) : 'hiç giriş yapmadı'}
                    </p>
                  </div>
                  <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
                    <Select
                      label={`${name} rolü`}
                      className="w-36 [&_label]:sr-only"
                      value={u.role}
                      options={ROLE_OPTIONS}
                      isDisabled={self}
                      onChange={(role) =>
                        setConfirm({
                          title: 'Rol değiştirilsin mi?',
                          text: `${name} artık ${roleLabel({ type: role })} olacak. Açık oturumları kapatılır.`,
                          action: 'Rolü değiştir',
                          run: () => patch(u, { role }, 'Rol değiştirildi'),
                        })
                      }
                    />
                    <Button
                      variant="secondary"
                      size="sm"
                      isDisabled={self}
                      onPress={() =>
                        u.active
                          ? setConfirm({
                              title: 'Hesap devre dışı bırakılsın mı?',
                              text: `${name} giriş yapamayacak ve açık oturumları hemen kapatılacak.`,
                              action: 'Devre dışı bırak',
                              run: () => patch(u, { active: false }, 'Hesap devre dışı bırakıldı'),
                            })
                          : void patch(u, { active: true }, 'Hesap etkinleştirildi')
                      }
                    >
                      {u.active ? 'Devre dışı bırak' : 'Etkinleştir'}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      isDisabled={self}
                      onPress={() =>
                        setConfirm({
                          title: 'Şifre sıfırlansın mı?',
                          text: `${name} için yeni bir şifre oluşturulacak; eski şifre ve açık oturumları geçersiz olacak.`,
                          action: 'Şifreyi sıfırla',
                          run: () => reset(u),
                        })
                      }
                    >
                      Şifre sıfırla
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Modal
        title="Yeni personel"
        isOpen={creating}
        onOpenChange={(open) => {
          setCreating(open);
          if (!open) setErrors({});
        }}
        footer={
          <Button onPress={() => void create()} isDisabled={busy} data-staff-submit>
            {busy ? 'Oluşturuluyor…' : 'Oluştur'}
          </Button>
        }
      >
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          {errors.form && (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              {errors.form}
            </p>
          )}
          <TextField
            label="Kullanıcı adı"
            isRequired
            value={form.username}
            onChange={set('username')}
            errorMessage={errors.username}
            autoComplete="off"
          />
          <TextField
            label="E-posta"
            type="email"
            isRequired
            value={form.email}
            onChange={set('email')}
            errorMessage={errors.email}
            autoComplete="off"
          />
          <TextField
            label="Ad"
            isRequired
            value={form.firstName}
            onChange={set('firstName')}
            errorMessage={errors.firstName}
          />
          <TextField label="Soyad" value={form.lastName} onChange={set('lastName')} errorMessage={errors.lastName} />
          <Select
            label="Rol"
            value={form.role}
            options={ROLE_OPTIONS}
            onChange={(v) => setForm((f) => ({ ...f, role: v }))}
            errorMessage={errors.role}
          />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            İlk şifre otomatik oluşturulur ve yalnızca bir kez gösterilir.
          </p>
          <button type="submit" hidden />
        </form>
      </Modal>

      <Modal
        title={shown?.reset ? 'Yeni şifre' : 'Hesap oluşturuldu'}
        isOpen={Boolean(shown)}
        isDismissable={false}
        onOpenChange={(open) => !open && setShown(null)}
      >
        {shown && (
          <div className="grid gap-3">
            <p className="text-sm [overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">
              {displayName(shown.user)} ({shown.user.username}) için şifre:
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-generated-password
                className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg tracking-wider text-slate-900 dark:bg-slate-800 dark:text-white"
              >
                {shown.password}
              </code>
              <Button
                variant="secondary"
                size="sm"
                onPress={() =>
                  navigator.clipboard
                    .writeText(shown.password)
                    .then(() => toast('success', 'Şifre kopyalandı'))
                    .catch(() => toast('error', 'Kopyalanamadı; şifreyi elle seçip kopyalayın'))
                }
              >
                Kopyala
              </Button>
            </div>
            <p
              role="note"
              className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            >
              Bu şifre bir daha gösterilmeyecek. Şimdi kopyalayıp personele güvenli bir yoldan iletin; ilk girişten
              sonra Hesabım sayfasından değiştirmesini isteyin.
            </p>
          </div>
        )}
      </Modal>

      <Modal
        title={confirm?.title ?? ''}
        role="alertdialog"
        isOpen={Boolean(confirm)}
        onOpenChange={(open) => !open && setConfirm(null)}
        closeLabel="Vazgeç"
        footer={
          <Button
            variant="danger"
            onPress={() => {
              const c = confirm;
              setConfirm(null);
              if (c) void c.run();
            }}
          >
            {confirm?.action}
          </Button>
        }
      >
        <p className="text-sm [overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">{confirm?.text}</p>
      </Modal>
    </section>
  );
}
