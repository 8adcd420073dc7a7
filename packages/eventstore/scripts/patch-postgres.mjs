// Patches the `postgres` driver (3.4.9, the latest release) against three open upstream bugs that
// a terminated connection inside a transaction triggers (porsager/postgres #1154, #1208, #1216):
//   1. a write queued before the close runs after it and throws from setImmediate: the process dies;
//   2. the close cancels that write but leaves its timer set, so the connection never writes again
//      (its queries, and sql.end(), hang);
//   3. sql.begin() rejects on close while its callback goes on, and the callback's next queries can
//      run on the reconnected session, outside any transaction (a half-applied projection batch);
//   4. a query settled by the close stays current, so sql.end() waits for it forever, and a released
//      reserved connection that died is handed out again as if open.
// The event store's subscribers must survive exactly that (a killed connection mid-batch), so this
// runs on install. It is idempotent, and fails loudly when the driver's source no longer matches.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const MARK = 'hs-patch';
const require = createRequire(import.meta.url);
const root = join(dirname(require.resolve('postgres')), '..', '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;

const edits = {
  'connection.js': [
    [
      // #1218: reserve the connection whenever BEGIN was written, not only when the pipeline has room;
      // otherwise the transaction's connection goes back to the pool (UNSAFE_TRANSACTION under load).
      '      return write(toBuffer(q))\n        && !q.describeFirst\n        && !q.cursorFn\n        && sent.length < max_pipeline\n        && (!q.options.onexecute || q.options.onexecute(connection))',
      `      return write(toBuffer(q)) // ${MARK}: #1218
        && (!q.options.onexecute || q.options.onexecute(connection))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline`,
    ],
    [
      '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
      `  function nextWrite(fn) {
    if (socket === null) { // ${MARK}: the connection closed after this write was queued
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return true
    }
    const x = socket.write(chunk, fn)`,
    ],
    [
      '    clearImmediate(nextWriteTimer)\n    if (socket) {',
      `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // ${MARK}\n    if (socket) {`,
    ],
    [
      "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))",
      `    if (query || sent.length) error(Errors.connection('CONNECTION_CLOSED', options, socket))
    query = null // ${MARK}: a settled query left here makes end() wait forever`,
    ],
    [
      "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)",
      `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null // ${MARK}: a cleared but set timer blocks every later write\n    socket.removeListener('data', data)`,
    ],
  ],
  'index.js': [
    [
      '      c.reserved = null\n      onopen(c)',
      `      c.reserved = null\n      c.queue === closed || onopen(c) // ${MARK}: a dead connection is not open`,
    ],
    [
      '    const queries = Queue()\n    let savepoints = 0',
      `    const queries = Queue()\n    let closedError = null // ${MARK}\n    let savepoints = 0`,
    ],
    [
      '        new Promise((_, reject) => connection.onclose = reject)',
      '        new Promise((_, reject) => connection.onclose = e => (closedError = e, reject(e)))',
    ],
    [
      '        q.catch(e => uncaughtError || (uncaughtError = e))\n        c.queue === full',
      `        q.catch(e => uncaughtError || (uncaughtError = e))\n        if (closedError) return q.reject(closedError) // ${MARK}: never on a new session\n        c.queue === full`,
    ],
  ],
};

let patched = 0;
for (const dir of ['src', 'cjs/src']) {
  for (const [file, replacements] of Object.entries(edits)) {
    const path = join(root, dir, file);
    let text = readFileSync(path, 'utf8');
    const before = text;
    for (const [from, to] of replacements) {
      if (text.includes(to)) continue; // this edit is already in place
      if (text.split(from).length !== 2) {
        throw new Error(
          `postgres ${version}: ${dir}/${file} no longer matches the patch in ${import.meta.url}; ` +
            'check whether upstream fixed porsager/postgres #1208 and #1216 and update or drop the patch',
        );
      }
      text = text.replace(from, to);
    }
    if (text === before) continue;
    writeFileSync(path, text);
    patched++;
  }
}
console.log(
  patched
    ? `postgres ${version}: patched ${patched} files (${MARK})`
    : `postgres ${version}: already patched`,
);
