// Signing generated envelopes on a second core. An ed25519 signature costs more than building,
// applying and writing the transaction it signs, so the generator hands each hash to a worker
// thread through shared memory and collects the signature only when the ledger is written.
// The worker is plain JavaScript evaluated from a string: no TypeScript loader is needed there.
import { Worker } from 'node:worker_threads';
import type { FastKeypair } from './keys';

const SLOTS = 1 << 15;
const MAX_KEYS = 1 << 14;
// Control words (Int32): [0] jobs posted, [1] jobs signed, [2] stop.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { createPrivateKey, sign } = require('node:crypto');
const { control, jobs, keys, slots, maxKeys } = workerData;
const ctl = new Int32Array(control);
const keyIndex = new Int32Array(jobs);
const seeds = new Uint8Array(keys);
const slotBytes = new Uint8Array(slots);
const prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
const cache = new Array(maxKeys);
let done = 0;
for (;;) {
  // A short timed wait: the generator does not have to wake the worker for every job.
  Atomics.wait(ctl, 0, done, 2);
  if (Atomics.load(ctl, 2) === 1) break;
  const posted = Atomics.load(ctl, 0);
  while (done < posted) {
    const slot = done % ${SLOTS};
    const k = keyIndex[slot];
    let key = cache[k];
    if (!key) {
      key = createPrivateKey({ key: Buffer.concat([prefix, Buffer.from(seeds.subarray(k * 32, k * 32 + 32))]), format: 'der', type: 'pkcs8' });
      cache[k] = key;
    }
    const hash = Buffer.from(slotBytes.subarray(slot * 96, slot * 96 + 32));
    slotBytes.set(sign(null, hash, key), slot * 96 + 32);
    done += 1;
    Atomics.store(ctl, 1, done);
  }
  Atomics.notify(ctl, 1);
}
`;

export interface EnvelopeSigner {
  /** Starts signing `hash` with `key`; returns a ticket for signature(). */
  request(key: FastKeypair, hash: Buffer): number;
  /** The 64-byte signature of a ticket (waits for it if need be). */
  signature(ticket: number): Buffer;
  close(): void;
}

class WorkerSigner implements EnvelopeSigner {
  private readonly control = new SharedArrayBuffer(12);
  private readonly ctl = new Int32Array(this.control);
  private readonly jobs = new SharedArrayBuffer(SLOTS * 4);
  private readonly keyIndex = new Int32Array(this.jobs);
  private readonly keys = new SharedArrayBuffer(MAX_KEYS * 32);
  private readonly slots = new SharedArrayBuffer(SLOTS * 96);
  private readonly slotBytes = new Uint8Array(this.slots);
  private readonly indexOf = new Map<string, number>();
  private readonly worker: Worker;
  private posted = 0;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { control: this.control, jobs: this.jobs, keys: this.keys, slots: this.slots, maxKeys: MAX_KEYS },
    });
    this.worker.unref();
  }

  private keyFor(key: FastKeypair): number {
    let index = this.indexOf.get(key.publicKey);
    if (index === undefined) {
      index = this.indexOf.size;
      if (index >= MAX_KEYS) throw new Error('too many signing keys for the signer');
      new Uint8Array(this.keys).set(key.seed, index * 32);
      this.indexOf.set(key.publicKey, index);
    }
    return index;
  }

  request(key: FastKeypair, hash: Buffer): number {
    // Never overwrite a slot whose signature has not been collected: wait for the worker.
    if (this.posted - Atomics.load(this.ctl, 1) >= SLOTS) Atomics.notify(this.ctl, 0);
    while (this.posted - Atomics.load(this.ctl, 1) >= SLOTS) Atomics.wait(this.ctl, 1, Atomics.load(this.ctl, 1), 100);
    const slot = this.posted % SLOTS;
    this.keyIndex[slot] = this.keyFor(key);
    this.slotBytes.set(hash, slot * 96);
    this.posted += 1;
    Atomics.store(this.ctl, 0, this.posted);
    return this.posted - 1;
  }

  signature(ticket: number): Buffer {
    if (Atomics.load(this.ctl, 1) <= ticket) Atomics.notify(this.ctl, 0);
    for (;;) {
      const signed = Atomics.load(this.ctl, 1);
      if (signed > ticket) break;
      Atomics.wait(this.ctl, 1, signed, 1000);
    }
    const slot = ticket % SLOTS;
    return Buffer.from(this.slotBytes.subarray(slot * 96 + 32, slot * 96 + 96));
  }

  close(): void {
    Atomics.store(this.ctl, 2, 1);
    Atomics.store(this.ctl, 0, this.posted + 1);
    Atomics.notify(this.ctl, 0);
    void this.worker.terminate();
  }
}

export function createSigner(): EnvelopeSigner {
  return new WorkerSigner();
}
