// Runs after `npm ci`/`npm install`: guards postgres.js 3.4.x against a known crash.
//
// When Postgres restarts, a connection can close while a small write is still scheduled with
// setImmediate; the write then runs on a null socket and throws from a timer, which no try/catch can
// reach, so the whole server dies (porsager/postgres#1154, #1208; fix proposed in #1209, unreleased).
// The guard settles the pending queries with CONNECTION_CLOSED instead, which the app answers 503.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const files = ["node_modules/postgres/src/connection.js", "node_modules/postgres/cjs/src/connection.js"];
const MARK = "/* sgw25: null-socket guard */";

const NEXT_WRITE = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const GUARDED_NEXT_WRITE = `  function nextWrite(fn) {
    ${MARK}
    if (!socket) {
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options, null))
      return false
    }
    const x = socket.write(chunk, fn)`;
const CLOSED = `    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`;
const GUARDED_CLOSED = `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    socket.removeListener('data', data)`;

for (const file of files) {
  if (!existsSync(file)) continue;
  const source = readFileSync(file, "utf8");
  if (source.includes(MARK)) continue;
  if (!source.includes(NEXT_WRITE) || !source.includes(CLOSED)) {
    // A newer postgres.js changed this code: check whether it still needs the guard, then update this script.
    console.warn(`patch-postgres: ${file} no longer matches; not patched.`);
    continue;
  }
  writeFileSync(file, source.replace(NEXT_WRITE, GUARDED_NEXT_WRITE).replace(CLOSED, GUARDED_CLOSED));
  console.log(`patch-postgres: guarded ${file}`);
}
