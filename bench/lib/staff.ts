// The staff account every panel bench seeds and signs in with.
import { newDocumentId } from '../../worker/src/lib/ids';
import { hashPassword } from '../../worker/src/lib/password';

const IDENTIFIER = 'bench';
const PASSWORD = 'bench1234';

/** The account's row: role 1 is Admin, 2 Manager. */
export async function benchStaffSql(roleId: 1 | 2 = 1): Promise<string> {
  return `insert into users (document_id, username, email, password_hash, role_id, first_name, last_name) values
    ('${newDocumentId()}', '${IDENTIFIER}', 'bench@example.com', '${await hashPassword(PASSWORD)}', ${roleId}, 'Bench', '${roleId === 1 ? 'Admin' : 'Müdür'}');`;
}

/** Signs in and gives the session cookie (`hs_session=…`): staff sessions are cookie-only. */
export async function benchSession(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: IDENTIFIER, password: PASSWORD }),
  });
  const session = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('hs_session='));
  if (!session) throw new Error(`bench login failed: HTTP ${login.status} ${await login.text()}`);
  return session;
}
