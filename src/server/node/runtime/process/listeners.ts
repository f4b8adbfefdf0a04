/**
 * Which processes listen on every address of the machine (`0.0.0.0` or `::`), read from `/proc`
 * (Linux only). Pods of the process runtime share the machine's network, each with an address of
 * its own on the loopback interface; a program that listens on all addresses takes its port from
 * every pod, so the node agent looks for such sockets to tell the user why a second replica fails
 * with "address already in use".
 *
 * `/proc/net/tcp` and `/proc/net/tcp6` list the TCP sockets with their state, local address and
 * inode; a process's open sockets are the `socket:[inode]` links in `/proc/<pid>/fd`. Reading the
 * two tables is cheap, so that is done first: the process table and the descriptors are read only
 * when some socket of the server's user listens on all addresses.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import type { WildcardListener } from '../runtime.js';
import { processTable } from './proc.js';

/** `/proc/net/tcp` state of a listening socket. */
const TCP_LISTEN = '0A';

/**
 * The listening sockets bound to all addresses in `/proc/net/tcp` (or `tcp6`) text, by socket
 * inode; only those owned by `uid` when it is given.
 */
export function parseWildcardListeners(text: string, uid?: number): Map<string, WildcardListener> {
  const out = new Map<string, WildcardListener>();
  for (const line of text.split('\n').slice(1)) {
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
    const f = line.trim().split(/\s+/);
    const [local, state, owner, inode] = [f[1], f[3], f[7], f[9]];
    if (local === undefined || state !== TCP_LISTEN || owner === undefined || inode === undefined || inode === '0') continue;
    if (uid !== undefined && Number(owner) !== uid) continue;
    const [hexAddress = '', hexPort = ''] = local.split(':');
    if (!/^0+$/.test(hexAddress)) continue;
    const port = Number.parseInt(hexPort, 16);
    if (!Number.isInteger(port)) continue;
    out.set(inode, { address: hexAddress.length > 8 ? '::' : '0.0.0.0', port });
  }
  return out;
}

async function readOr(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  }
}

/** The inodes of the sockets process `pid` holds open. */
async function socketInodes(pid: number): Promise<string[]> {
  let fds: string[];
  try {
    fds = await readdir(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  const out: string[] = [];
  await Promise.all(fds.map(async (fd) => {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`));
      if (m?.[1] !== undefined) out.push(m[1]);
    } catch {
      // The descriptor was closed meanwhile.
    }
  }));
  return out;
}

/**
 * The sockets listening on all addresses held by members of each process group in `groups`
 * (by group id; groups without any are left out). The server's user owns every container
 * process, so sockets of other users are not looked at.
 */
export async function groupWildcardListeners(groups: readonly number[]): Promise<Map<number, WildcardListener[]>> {
  const out = new Map<number, WildcardListener[]>();
  if (groups.length === 0) return out;
  const uid = process.getuid?.();
  const [tcp, tcp6] = await Promise.all([readOr('/proc/net/tcp'), readOr('/proc/net/tcp6')]);
  const wildcard = new Map([...parseWildcardListeners(tcp, uid), ...parseWildcardListeners(tcp6, uid)]);
  if (wildcard.size === 0) return out;
  const wanted = new Set(groups);
  const members = (await processTable()).filter((p) => wanted.has(p.pgrp));
  await Promise.all(members.map(async (p) => {
    for (const inode of await socketInodes(p.pid)) {
      const l = wildcard.get(inode);
      if (l === undefined) continue;
      const list = out.get(p.pgrp) ?? [];
      // A socket inherited by a child is one socket, listed once.
      if (!list.some((x) => x.address === l.address && x.port === l.port)) list.push(l);
      out.set(p.pgrp, list);
    }
  }));
  for (const list of out.values()) list.sort((a, b) => a.port - b.port || a.address.localeCompare(b.address));
  return out;
}
