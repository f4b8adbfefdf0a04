/**
 * Pod addresses of the process runtime. Linux routes all of 127.0.0.0/8 to the loopback interface,
 * so every pod gets an address of its own from the pod range and several replicas can listen on
 * the same port. Where only 127.0.0.1 answers (macOS without aliases), every pod shares it, and
 * ports declared by two running pods clash (the runtime then refuses to start the second one with
 * a message that says why).
 */
import { createServer } from 'node:net';

/** The pod range: 127.1.0.0/16 (the node itself is 127.0.0.1). */
export const POD_CIDR = '127.1.0.0/16';
const BASE = (127 << 24) | (1 << 16);
const SIZE = 1 << 16;

/** The shared address where the OS answers only on 127.0.0.1. */
export const SHARED_ADDRESS = '127.0.0.1';

function toIP(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function toNumber(ip: string): number | undefined {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return undefined;
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

/** True when the OS accepts a listener on an address of the pod range other than 127.0.0.1. */
export function loopbackRangeUsable(): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, toIP(BASE + 1), () => server.close(() => resolve(true)));
  });
}

/**
 * Hands out pod addresses (host-local IPAM: the next free one after the last given, wrapping).
 * Each allocator starts at a random place in the range: several servers on one machine (a test
 * suite, two data directories) share 127.1.0.0/16 and would otherwise hand out the same first
 * addresses, so that a pod of one answered for a pod of another.
 */
export class PodAddressAllocator {
  private readonly used = new Set<number>();
  private next: number;

  constructor(readonly shared: boolean, start = 1 + Math.floor(Math.random() * (SIZE - 2))) {
    this.next = start;
  }

  /** An address for a pod; `preferred` (its address before a restart) when it is free and in range. */
  allocate(preferred?: string): string {
    if (this.shared) return SHARED_ADDRESS;
    const p = preferred === undefined ? undefined : toNumber(preferred);
    if (p !== undefined && p > BASE && p < BASE + SIZE - 1 && !this.used.has(p)) {
      this.used.add(p);
      return toIP(p);
    }
    for (let i = 0; i < SIZE - 2; i++) {
      const offset = ((this.next + i - 1) % (SIZE - 2)) + 1;
      const n = BASE + offset;
      if (!this.used.has(n)) {
        this.used.add(n);
        this.next = offset + 1;
        return toIP(n);
      }
    }
    throw new Error(`no free pod address in ${POD_CIDR}`);
  }

  release(ip: string): void {
    const n = toNumber(ip);
    if (n !== undefined) this.used.delete(n);
  }
}
