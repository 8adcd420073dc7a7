// `npm run rewrap-personal-data-keys`: key rotation (issue 24). Set PERSONAL_DATA_KEY to the new master
// key and PERSONAL_DATA_PREVIOUS_KEYS to the old one(s); every live data key is re-wrapped under the new
// key in batches (the events are not touched). Afterwards the old keys may be dropped.
import { join } from 'node:path';
import { build, ensureInstalled, root, run } from './lib.mjs';

ensureInstalled();
build();
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/health_screening',
};
run('node', [join(root, 'services/api/dist/cli.js'), 'rewrap-personal-data-keys'], { env });
