// Scratch profile (not committed): in-process sessions/authenticate loop.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../src/config';
import { createProvider } from '../src/provider';
import { BENCH_CONFIG, basicAuth } from './config';
import { seedEmailCodes, seedSessions, seedUsers } from './seed';

const dir = mkdtempSync(join(os.tmpdir(), 'latchkey-prof-'));
const provider = await createProvider({ db: join(dir, 'p.sqlite'), config: BENCH_CONFIG });
const projectId = parseConfig(BENCH_CONFIG).project.projectId;
const db = provider.database.db;
const users = await seedUsers(db, projectId, 's', 200);
const tokens = (await seedSessions(db, projectId, users)).map((t) => basicAuth(t));
const which = process.argv[2] ?? 'sessions';
const codes = which === 'otps' ? await seedEmailCodes(db, projectId, await seedUsers(db, projectId, 'o', 6000)) : [];
let i = 0;
async function one() {
  const k = i++;
  let req: Request;
  if (which === 'otps') {
    const code = codes[k]!;
    req = new Request('http://x/sdk/v1/otps/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth() },
      body: JSON.stringify({ token: code.code, method_id: code.methodId, session_duration_minutes: 30 }),
    });
  } else {
    req = new Request('http://x/sdk/v1/sessions/authenticate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: tokens[k % tokens.length]! },
      body: '{}',
    });
  }
  const res = await provider.fetch(req, { remoteAddress: '127.0.0.1' });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  await res.text();
}
const N = which === 'otps' ? 2500 : 5000;
for (let w = 0; w < 500; w++) await one();
const t0 = process.cpuUsage();
const s0 = performance.now();
// 16 concurrent loops
await Promise.all(
  Array.from({ length: 16 }, async () => {
    for (let j = 0; j < N / 16; j++) await one();
  }),
);
const cpu = process.cpuUsage(t0);
console.log(
  which,
  'wall µs/req',
  (((performance.now() - s0) * 1000) / N).toFixed(1),
  'cpu µs/req',
  ((cpu.user + cpu.system) / N).toFixed(1),
);
await provider.close();
