import { randomBytes } from 'node:crypto';
import type { Sql } from '@hs/db';
import { createUser } from '../auth/users';

export interface DemoStaffLogin {
  username: string;
  password: string;
  role: 'front_desk' | 'finance';
}

/**
 * A front-desk and a finance login beside the admin (issue 23), so each role's back-office can be
 * tried at once. Random passwords (16 characters, beyond the 12-character rule), printed at start
 * like the admin's; an operator deactivates or deletes them in the Staff tab.
 */
export async function seedDemoStaff(sql: Sql): Promise<DemoStaffLogin[]> {
  const logins: DemoStaffLogin[] = [
    { username: 'frontdesk', password: randomBytes(12).toString('base64url'), role: 'front_desk' },
    { username: 'finance', password: randomBytes(12).toString('base64url'), role: 'finance' },
  ];
  const created: DemoStaffLogin[] = [];
  for (const login of logins) {
    // A username someone already has keeps its own password: nothing to print for it.
    const [taken] = await sql`select 1 from users where username = ${login.username}`;
    if (taken) continue;
    await createUser(sql, { ...login, email: `${login.username}@healthscreening.example.sg` });
    created.push(login);
  }
  return created;
}
