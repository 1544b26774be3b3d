import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Algorithm, Options } from '@node-rs/argon2';
import { randomToken } from '../../services/secrets';

/**
 * How many argon2id computations run at once: one core fewer than the machine has (at least one), so the
 * event loop always keeps a core. Beyond that, logins queue; each one still costs the full production price.
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = Math.max(1, availableParallelism() - 1);

/**
 * The nice value of the hashing threads. On a busy machine the operating system then gives the event loop's
 * thread the CPU first (about nine times the share of a hashing thread), so a session refresh arriving during
 * a burst of logins is answered at once while the logins wait a little longer. Linux applies it per thread.
 */
export const PASSWORD_HASH_NICE = 10;

// Each hashing thread is a worker running @node-rs/argon2's synchronous calls, one at a time, at a lower
// priority; nothing of the hashing runs on the event loop.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(0, workerData.nice); } catch {}
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(args[0], args[1]) : argon2.verifySync(args[0], args[1]);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Task {
  op: 'hash' | 'verify';
  args: [string, unknown];
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface HashWorker {
  worker: Worker;
  busy: Task | null;
}

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
const workers: HashWorker[] = [];
const waiting: Task[] = [];
let nextId = 0;

function startWorker(): HashWorker {
  const entry: HashWorker = {
    worker: new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: argon2Path, nice: PASSWORD_HASH_NICE } }),
    busy: null,
  };
  // An idle worker never keeps the process alive.
  entry.worker.unref();
  entry.worker.on('message', (message: { value?: unknown; error?: string }) => {
    const task = entry.busy;
    entry.busy = null;
    entry.worker.unref();
    if (message.error !== undefined) task?.reject(new Error(message.error));
    else task?.resolve(message.value);
    dispatch();
  });
  entry.worker.on('error', (error) => {
    const task = entry.busy;
    entry.busy = null;
    workers.splice(workers.indexOf(entry), 1);
    task?.reject(error);
    dispatch();
  });
  workers.push(entry);
  return entry;
}

function dispatch(): void {
  while (waiting.length > 0) {
    let entry = workers.find((candidate) => candidate.busy === null);
    if (!entry && workers.length < MAX_CONCURRENT_PASSWORD_HASHES) entry = startWorker();
    if (!entry) return;
    const task = waiting.shift() as Task;
    entry.busy = task;
    entry.worker.ref();
    nextId += 1;
    entry.worker.postMessage({ id: nextId, op: task.op, args: task.args });
  }
}

function run<T>(op: Task['op'], args: Task['args']): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    waiting.push({ op, args, resolve: resolve as (value: unknown) => void, reject });
    dispatch();
  });
}

const hash = (password: string, options: Options) => run<string>('hash', [password, options]);
const verify = (storedHash: string, password: string) => run<boolean>('verify', [storedHash, password]);

/**
 * argon2id at the first setting OWASP's Password Storage Cheat Sheet recommends: 19 MiB, two passes, one lane.
 * `Algorithm` is an ambient const enum, which isolatedModules cannot read, hence the literal 2 (Argon2id).
 */
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The form of a password every check and the hash see (NFKC). NIST SP 800-63B asks for Unicode normalisation before
 * hashing, so "é" typed as one code point or as e + combining accent is the same password; NFKC also folds
 * compatibility forms, so full-width "ｐａｓｓｗｏｒｄ１２３" is "password123". The strength, length and breach checks
 * (passwordStrength.ts) rate this same form: a password they would refuse cannot get in spelt another way that
 * hashes the same. Nothing is ever cut off.
 */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Hashes a password to an argon2id PHC string, on a hashing thread (never the event loop). */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), PASSWORD_HASH_OPTIONS);
}

let verifications = 0;

/**
 * How many argon2id verifications this process has started: lets a test check that an unknown email costs the
 * same work as a wrong password (one verification) without timing anything.
 */
export function passwordVerificationCount(): number {
  return verifications;
}

/** Does `password` match the stored PHC string? A malformed hash counts as no match. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  verifications += 1;
  try {
    // The PHC string names its own parameters, so hashes made at an older cost still verify.
    return await verify(storedHash, normalizePassword(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the dummy hash ahead of the first unknown-email sign-in, so that one is not slower either. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hash(randomToken(16), PASSWORD_HASH_OPTIONS);
  return dummyHash;
}

/**
 * Spends the same time as a real verification when there is no hash to check (unknown email), so the
 * answer's timing does not tell whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
