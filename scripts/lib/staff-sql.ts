// The SQL of `npm run staff:create`, apart so a worker test can run it against D1.
export interface StaffRow {
  documentId: string;
  username: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  passwordHash: string;
  roleId: number;
}

const q = (s: string | undefined | null) => (s == null || s === '' ? 'NULL' : `'${s.replace(/'/g, "''")}'`);

/**
 * Creates the account, or resets the password of an existing one. A reset bumps token_version, so every session that
 * was signed in with the old password ends.
 */
export function upsertStaffSql(row: StaffRow): string {
  return `INSERT INTO users (document_id, username, email, first_name, last_name, password_hash, role_id)
VALUES (${q(row.documentId)}, ${q(row.username)}, ${q(row.email)}, ${q(row.firstName)}, ${q(row.lastName)}, ${q(row.passwordHash)}, ${row.roleId})
ON CONFLICT DO UPDATE SET password_hash = excluded.password_hash, role_id = excluded.role_id, blocked = 0, token_version = token_version + 1;`;
}
