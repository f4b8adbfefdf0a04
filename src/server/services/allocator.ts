/**
 * Cluster IP (10.96.0.0/12) and node port (30000-32767) allocation for Services, with the API
 * server's refusal messages. The allocator is rebuilt from the stored services at start-up.
 */
import type { ServiceAllocator } from '../registry/types.js';

const RANGE_CIDR = '10.96.0.0/12';
const BASE = (10 << 24) + (96 << 16);
const SIZE = 1 << 20;
const NODE_PORT_MIN = 30000;
const NODE_PORT_MAX = 32767;

function ipToInt(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const v = Number(p);
    if (v > 255) return undefined;
    n = n * 256 + v;
  }
  return n;
}

function intToIp(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** In-memory allocator of service addresses. */
export class ServiceIPAllocator implements ServiceAllocator {
  private readonly ips = new Set<number>();
  private readonly ports = new Set<number>();

  /** The address of the `kubernetes` service (first of the range). */
  static readonly apiServerIP = intToIp(BASE + 1);

  /** Marks an address or port as used (start-up scan of stored services). */
  markUsed(ip: string | undefined, nodePorts: number[]): void {
    if (ip !== undefined) {
      const n = ipToInt(ip);
      if (n !== undefined) this.ips.add(n);
    }
    for (const p of nodePorts) this.ports.add(p);
  }

  allocateIP(requested?: string): string {
    if (requested !== undefined && requested !== '') {
      const n = ipToInt(requested);
      if (n === undefined) throw new Error(`failed to allocate IP ${requested}: must be a valid IP address`);
      if (n <= BASE || n >= BASE + SIZE - 1) {
        throw new Error(`failed to allocate IP ${requested}: provided IP is not in the valid range. The range of valid IPs is ${RANGE_CIDR}`);
      }
      if (this.ips.has(n)) throw new Error(`failed to allocate IP ${requested}: provided IP is already allocated`);
      this.ips.add(n);
      return requested;
    }
    // Random start like the API server's bitmap allocator, so addresses do not depend on order.
    const start = 1 + Math.floor(Math.random() * (SIZE - 2));
    for (let i = 0; i < SIZE - 2; i++) {
      const offset = 1 + ((start - 1 + i) % (SIZE - 2));
      const n = BASE + offset;
      if (!this.ips.has(n)) {
        this.ips.add(n);
        return intToIp(n);
      }
    }
    throw new Error('failed to allocate a serviceIP: range is full');
  }

  allocateNodePort(requested?: number): number {
    if (requested !== undefined && requested !== 0) {
      if (requested < NODE_PORT_MIN || requested > NODE_PORT_MAX) {
        throw new Error(`provided port is not in the valid range. The range of valid ports is ${NODE_PORT_MIN}-${NODE_PORT_MAX}`);
      }
      if (this.ports.has(requested)) throw new Error('provided port is already allocated');
      this.ports.add(requested);
      return requested;
    }
    const span = NODE_PORT_MAX - NODE_PORT_MIN + 1;
    const start = Math.floor(Math.random() * span);
    for (let i = 0; i < span; i++) {
      const p = NODE_PORT_MIN + ((start + i) % span);
      if (!this.ports.has(p)) {
        this.ports.add(p);
        return p;
      }
    }
    throw new Error('range is full');
  }

  releaseIP(ip: string): void {
    const n = ipToInt(ip);
    if (n !== undefined) this.ips.delete(n);
  }

  releaseNodePort(port: number): void {
    this.ports.delete(port);
  }
}
