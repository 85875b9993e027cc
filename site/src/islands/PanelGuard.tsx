import { useEffect, useState } from 'react';
import type { PublicUser } from '../../../contracts/auth';
import { client, unwrap } from '../lib/api';
import { $session, clearSession, restoreSession } from '../stores/session';

/** Where a signed-out visitor goes: /giris, remembering the /yonetim path and query (02 §2). */
export function loginUrl(location: { pathname: string; search: string }): string {
  return `/giris?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

export const displayName = (u: PublicUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/**
 * The panel's route guard until the panel itself lands (issue 4): a missing or expired token, or a failing
 * GET /api/users/me, sends the visitor to /giris (01 §4 'Session'); an admin-only section sends a manager to
 * /yonetim/yetkisiz (02 §6).
 */
export default function PanelGuard({ section, adminOnly = false }: { section: string; adminOnly?: boolean }) {
  const [user, setUser] = useState<PublicUser | null>(null);

  useEffect(() => {
    let live = true;
    const toLogin = () => window.location.replace(loginUrl(window.location));
    restoreSession();
    if ($session.get().status !== 'signed-in') {
      toLogin();
      return;
    }
    unwrap(client.api.users.me.$get())
      .then((me) => {
        if (!live) return;
        if (adminOnly && me.role.type !== 'admin') window.location.replace('/yonetim/yetkisiz');
        else setUser(me);
      })
      .catch(() => {
        if (!live) return;
        clearSession();
        toLogin();
      });
    return () => {
      live = false;
    };
  }, [adminOnly]);

  if (!user) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-700 dark:text-slate-300">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-turf-700 motion-reduce:animate-none dark:border-slate-600 dark:border-t-turf-400" />
        Oturum kontrol ediliyor...
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16" data-panel-placeholder>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <div className="bg-gradient-to-br from-turf-700 to-turf-900 px-6 py-8 text-white sm:px-8">
          <p className="text-sm font-medium text-turf-100">{section}</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">Yönetim paneli hazırlanıyor</h1>
        </div>
        <div className="space-y-5 px-6 py-6 sm:px-8">
          <div className="flex items-center gap-4">
            <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-turf-100 text-lg font-bold text-turf-900 dark:bg-turf-900 dark:text-turf-100">
              {displayName(user).charAt(0).toLocaleUpperCase('tr')}
            </span>
            <div>
              <p className="text-lg font-semibold">Merhaba, {displayName(user)}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{user.email} · {user.role.name}</p>
            </div>
          </div>
          <p className="text-slate-700 dark:text-slate-300">
            Rezervasyonları, sahaları ve müşterileri yöneteceğiniz ekranlar çok yakında burada olacak. Oturumunuz açık; panel hazır olduğunda bu sayfadan devam edebilirsiniz.
          </p>
          <div className="flex flex-wrap gap-3">
            <a href="/" className="inline-flex items-center justify-center gap-2 rounded-lg bg-turf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-turf-800">
              ← Siteye dön
            </a>
            <button
              type="button"
              onClick={() => {
                clearSession();
                window.location.assign('/giris');
              }}
              className="inline-flex cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              Çıkış Yap
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
