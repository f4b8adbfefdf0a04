/**
 * Client-config files (kubeconfig format) naming a remote service the server calls: its URL and
 * CA, and the server's credentials towards it. Paths are relative to the file.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RemoteTls } from './http-json.js';
import { nonEmptyString as str } from '../../../machinery/json/values.js';

/** The remote service of a client-config file. */
export interface RemoteService extends RemoteTls {
  server: string;
  token?: string;
}

type Entries = { name?: unknown; [k: string]: unknown }[];

function entry(list: unknown, name: string | undefined, field: string): Record<string, unknown> | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const entries = list as Entries;
  const found = name === undefined ? entries[0] : entries.find((e) => e.name === name);
  const v = found?.[field];
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

async function dataOrFile(data: unknown, file: unknown, dir: string): Promise<string | undefined> {
  const d = str(data);
  if (d !== undefined) return Buffer.from(d, 'base64').toString('utf8');
  const f = str(file);
  return f === undefined ? undefined : readFile(resolve(dir, f), 'utf8');
}

/** Reads the service of a client-config file (its current context, else its first entries). */
export async function readClientConfig(path: string): Promise<RemoteService> {
  const yaml = await import('js-yaml');
  const doc = yaml.load(await readFile(path, 'utf8'));
  if (doc === null || typeof doc !== 'object') throw new Error(`${path}: not a client config file`);
  const c = doc as Record<string, unknown>;
  const dir = dirname(path);
  const currentName = str(c['current-context']);
  const context = currentName === undefined ? undefined : entry(c.contexts, currentName, 'context');
  const cluster = entry(c.clusters, str(context?.cluster), 'cluster');
  const user = entry(c.users, str(context?.user), 'user');
  const server = str(cluster?.server);
  if (cluster === undefined || server === undefined) throw new Error(`${path}: no cluster with a server URL`);
  const out: RemoteService = { server };
  const ca = await dataOrFile(cluster['certificate-authority-data'], cluster['certificate-authority'], dir);
  if (ca !== undefined) out.ca = ca;
  if (cluster['insecure-skip-tls-verify'] === true) out.insecureSkipTLSVerify = true;
  const cert = await dataOrFile(user?.['client-certificate-data'], user?.['client-certificate'], dir);
  const key = await dataOrFile(user?.['client-key-data'], user?.['client-key'], dir);
  if (cert !== undefined) out.cert = cert;
  if (key !== undefined) out.key = key;
  const token = str(user?.token);
  if (token !== undefined) out.token = token;
  return out;
}
