/**
 * The real completion sources: config names from the merged config files, and namespaces,
 * resource types and object names from the cluster the completed command line would talk to
 * (its `--kubeconfig`, `--context`, `-n`, `--server`...). Loaded only when a completion needs
 * them. Every answer is bounded by a short deadline, and every failure (no config, server down,
 * timeout, forbidden) is an empty list: a shell must never hang or show an error on <TAB>.
 */
import { join } from 'node:path';
import { definedMembers } from '../../machinery/defined-members.js';
// Only the loader is imported up front: config names need nothing else. Resolving a client
// config and the client itself are imported when a completion asks the server.
import { loadConfig } from '../../sdk/config/load.js';
import type { ConfigOverrides, LoadedConfig } from '../../sdk/config/index.js';
import { CACHE_DIR_NAME, HOME_DIR_NAME } from '../../sdk/naming.js';
import type { PlatformClient } from '../../sdk/client.js';
import type { CliIO } from '../io/io.js';
import type { CompletionSources, SourceSettings, SourcesFactory } from './sources.js';

/** How long a completion may wait for the server, unless `--request-timeout` says otherwise. */
export const COMPLETION_DEADLINE_MS = 3000;

/** At most this many object names are offered (one list chunk per 500). */
const MAX_NAMES = 5000;

/** Sources for the process's config files and cluster. */
export function liveSources(io: CliIO): SourcesFactory {
  return (settings) => new LiveSources(io, settings);
}

/** Swallows every failure into an empty answer. */
async function orEmpty(fn: () => Promise<string[]>): Promise<string[]> {
  try {
    return await fn();
  } catch {
    return [];
  }
}

class LiveSources implements CompletionSources {
  readonly #io: CliIO;
  readonly #settings: SourceSettings;
  #config: Promise<LoadedConfig> | undefined;
  #client: Promise<PlatformClient> | undefined;

  constructor(io: CliIO, settings: SourceSettings) {
    this.#io = io;
    this.#settings = settings;
  }

  contexts(): Promise<string[]> {
    return orEmpty(async () => [...(await this.#loaded()).config.contexts.keys()]);
  }

  clusters(): Promise<string[]> {
    return orEmpty(async () => [...(await this.#loaded()).config.clusters.keys()]);
  }

  users(): Promise<string[]> {
    return orEmpty(async () => [...(await this.#loaded()).config.users.keys()]);
  }

  namespaces(): Promise<string[]> {
    return this.#withDeadline(async (client, signal) => {
      const names: string[] = [];
      for await (const ns of client.namespaces().listAll({ signal })) {
        names.push(ns.metadata?.name ?? '');
        if (names.length >= MAX_NAMES) break;
      }
      return names;
    });
  }

  resourceTypes(): Promise<string[]> {
    // kubectl's `api-resources -o name --cached --verbs=get`: the disk cache when it is fresh.
    return this.#withDeadline(async (client, signal) => {
      const snapshot = await client.discovery.snapshot({ signal });
      return snapshot.resources
        .filter((r) => r.verbs.includes('get') && !r.resource.includes('/'))
        .map((r) => (r.group === '' ? r.resource : `${r.resource}.${r.group}`));
    });
  }

  resourceNames(type: string): Promise<string[]> {
    return this.#withDeadline(async (client, signal) => {
      const mapping = await client.mapper.resourceFor(type, { signal });
      const resource = client.resource(mapping, mapping.namespaced ? client.namespace : undefined);
      const names: string[] = [];
      for await (const obj of resource.listAll({ signal })) {
        names.push(obj.metadata?.name ?? '');
        if (names.length >= MAX_NAMES) break;
      }
      return names;
    });
  }

  #loaded(): Promise<LoadedConfig> {
    this.#config ??= loadConfig({ explicitPath: this.#settings.kubeconfig, env: this.#io.env, homedir: this.#io.homedir, cwd: this.#io.cwd });
    return this.#config;
  }

  /** Runs `fn` with a client and an abort signal that fires at the deadline. */
  async #withDeadline(fn: (client: PlatformClient, signal: AbortSignal) => Promise<string[]>): Promise<string[]> {
    const timeout = this.#settings.requestTimeout === undefined ? 0 : await parseTimeout(this.#settings.requestTimeout);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeout > 0 ? timeout : COMPLETION_DEADLINE_MS);
    // The SDK is asked to stop at the deadline, and the answer does not wait for it to comply: a
    // connection stuck in its TLS handshake may take longer to give up than a shell should wait.
    const deadline = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('completion deadline')), { once: true });
    });
    deadline.catch(() => undefined);
    try {
      const client = await Promise.race([this.#clientOnce(), deadline]);
      return await Promise.race([fn(client, controller.signal), deadline]);
    } catch {
      return [];
    } finally {
      clearTimeout(timer);
    }
  }

  #clientOnce(): Promise<PlatformClient> {
    this.#client ??= this.#createClient();
    return this.#client;
  }

  async #createClient(): Promise<PlatformClient> {
    const s = this.#settings;
    const overrides: ConfigOverrides = definedMembers(s, ['context', 'cluster', 'user', 'namespace', 'server', 'token', 'insecureSkipTlsVerify']);
    const { resolveClientConfig } = await import('../../sdk/config/resolve.js');
    const config = await resolveClientConfig(await this.#loaded(), overrides, { env: this.#io.env, cwd: this.#io.cwd });
    const { createClient } = await import('../../sdk/client.js');
    return createClient(config, {
      env: this.#io.env,
      cacheDir: s.cacheDir ?? join(this.#io.homedir, HOME_DIR_NAME, CACHE_DIR_NAME),
      // An exec credential plugin must not prompt in the middle of a command line.
      exec: { stdinIsTTY: false, stdinInUse: true, stdinInUseMessage: 'shell completion', stderr: { write: () => true } },
      // A retry after a 429 would stall the shell.
      retry: { maxRetries: 0 },
    });
  }
}

async function parseTimeout(text: string): Promise<number> {
  try {
    const { parseRequestTimeout } = await import('../../sdk/config/overrides.js');
    return parseRequestTimeout(text);
  } catch {
    return 0;
  }
}
