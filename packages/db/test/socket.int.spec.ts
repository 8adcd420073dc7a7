import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connect, splitSocketDir } from '../src';

const adminUrl = () => process.env.HS_TEST_ADMIN_URL!;

describe('a Unix socket named the libpq way (?host=/dir)', () => {
  it('is taken out of the URL and given to the driver as the socket directory', () => {
    expect(splitSocketDir('postgres://app@localhost:5432/hs?host=/var/run/postgresql')).toEqual({
      url: 'postgres://app@localhost:5432/hs',
      socketDir: '/var/run/postgresql',
    });
    expect(splitSocketDir('postgres://app@db:5432/hs?host=/tmp&sslmode=disable')).toEqual({
      url: 'postgres://app@db:5432/hs?sslmode=disable',
      socketDir: '/tmp',
    });
    // A host name in the query is not a directory: the URL is left to the driver as it is.
    const plain = 'postgres://app@db:5432/hs?application_name=x';
    expect(splitSocketDir(plain)).toEqual({ url: plain, socketDir: null });
  });

  // Only where the server listens on the usual Debian socket (this machine's Postgres; not a container).
  it.runIf(existsSync('/var/run/postgresql/.s.PGSQL.5432'))('connects over the socket', async () => {
    const u = new URL(adminUrl());
    u.hostname = 'localhost';
    u.port = '5432';
    u.searchParams.set('host', '/var/run/postgresql');
    const sql = connect(u.toString(), { max: 1 });
    try {
      const [row] = await sql<{ addr: string | null }[]>`select inet_client_addr()::text as addr`;
      // A socket connection has no client address.
      expect(row!.addr).toBeNull();
    } finally {
      await sql.end();
    }
  });
});
