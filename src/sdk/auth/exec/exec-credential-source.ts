/**
 * Credentials from an exec plugin, cached in process until `expirationTimestamp` (or a 401), with
 * concurrent callers sharing one plugin run (single-flight). Like client-go, sources are shared
 * process-wide per (exec config, cluster info), so every client built from the same config reuses
 * the same credentials.
 */
import type { ExecClusterInfo, ExecConfig } from '../../config/client-config.js';
import { ExecPluginError } from '../../errors.js';
import { EXEC_API_GROUP } from '../../naming.js';
import type { CredentialRequestOptions, CredentialSource, ExecIO, RequestCredentials } from '../credentials.js';
import { bearerAuthorization } from '../static-credentials.js';
import { buildExecInput } from './exec-input.js';
import { decideInteractive, effectiveInteractiveMode } from './interactive.js';
import { parseExecOutput } from './parse-output.js';
import { runExecPlugin } from './run-plugin.js';

/**
 * How long a plugin run without the terminal may take by default (`transport/timeouts.ts` says why);
 * kubectl waits forever.
 */
export const DEFAULT_EXEC_PLUGIN_TIMEOUT_MS = 60_000;

/** The exec API versions this client speaks. */
export const EXEC_API_VERSIONS: readonly string[] = [`${EXEC_API_GROUP}/v1`, `${EXEC_API_GROUP}/v1beta1`];

/** Options of {@link ExecCredentialSource}. */
export interface ExecCredentialSourceOptions {
  clusterInfo?: ExecClusterInfo | undefined;
  /** Name of the user entry, for messages. */
  userName?: string | undefined;
  /** Stdio, terminal facts and environment for the plugin. */
  io?: ExecIO | undefined;
  /**
   * How long a run without the terminal may take when the request has no timeout of its own
   * (default 60 s, `transport/timeouts.ts`; 0: no limit). A run with the terminal waits for its
   * user, as kubectl's does.
   */
  timeoutMs?: number | undefined;
  /** Clock, for tests. */
  now?: (() => number) | undefined;
}

interface CachedCredentials {
  creds: RequestCredentials;
  /** Epoch ms; undefined = until a 401 or process exit. */
  expiresAt: number | undefined;
}

/** A {@link CredentialSource} that runs an exec plugin. */
export class ExecCredentialSource implements CredentialSource {
  private readonly exec: ExecConfig;
  private readonly clusterInfo: ExecClusterInfo | undefined;
  private readonly userName: string | undefined;
  private readonly io: ExecIO;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private cached: CachedCredentials | undefined;
  private inFlight: Promise<CachedCredentials> | undefined;
  /** Number of plugin runs started (for diagnostics and tests). */
  runs = 0;

  constructor(exec: ExecConfig, options: ExecCredentialSourceOptions = {}) {
    this.exec = exec;
    this.clusterInfo = options.clusterInfo;
    this.userName = options.userName;
    this.io = options.io ?? {};
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_EXEC_PLUGIN_TIMEOUT_MS;
  }

  async get(options: CredentialRequestOptions = {}): Promise<RequestCredentials> {
    const cached = this.cached;
    if (cached !== undefined && (cached.expiresAt === undefined || this.now() < cached.expiresAt)) return cached.creds;
    return (await this.refresh(options)).creds;
  }

  async refreshAfterUnauthorized(used: RequestCredentials, options: CredentialRequestOptions = {}): Promise<boolean> {
    // Rotated already by a concurrent request (or in flight): retry with whatever is current.
    if (this.inFlight !== undefined) {
      await this.inFlight;
      return true;
    }
    if (this.cached !== undefined && this.cached.creds !== used) return true;
    this.cached = undefined;
    await this.refresh(options);
    return true;
  }

  private refresh(options: CredentialRequestOptions): Promise<CachedCredentials> {
    if (this.inFlight === undefined) {
      this.inFlight = this.runPlugin(options).then(
        (result) => {
          this.cached = result;
          return result;
        },
      ).finally(() => {
        this.inFlight = undefined;
      });
    }
    return this.inFlight;
  }

  private async runPlugin(options: CredentialRequestOptions): Promise<CachedCredentials> {
    if (!EXEC_API_VERSIONS.includes(this.exec.apiVersion)) {
      throw new ExecPluginError(`exec plugin: invalid apiVersion ${JSON.stringify(this.exec.apiVersion)}`);
    }
    const mode = effectiveInteractiveMode(this.exec, this.userName);
    const interactive = decideInteractive(mode, this.io);
    if (interactive) this.io.beforeInteractive?.();
    const input = buildExecInput(this.exec, interactive, this.clusterInfo);
    this.runs++;
    const runOptions: Parameters<typeof runExecPlugin>[1] = { io: this.io, interactive, input };
    if (options.timeoutMs !== undefined && options.timeoutMs > 0) runOptions.timeoutMs = options.timeoutMs;
    else if (!interactive && this.timeoutMs > 0) {
      runOptions.timeoutMs = this.timeoutMs;
      runOptions.timeoutIsDefault = true;
    }
    if (options.signal !== undefined) runOptions.signal = options.signal;
    const { stdout } = await runExecPlugin(this.exec, runOptions);
    const result = await parseExecOutput(stdout, this.exec.apiVersion);
    const creds: RequestCredentials = {};
    if (result.token !== undefined) creds.authorization = bearerAuthorization(result.token);
    if (result.clientCertificateData !== undefined && result.clientKeyData !== undefined) {
      creds.clientCertificate = { certData: result.clientCertificateData, keyData: result.clientKeyData };
    }
    return { creds, expiresAt: result.expiresAt };
  }
}

const sharedSources = new Map<string, ExecCredentialSource>();

/**
 * Forgets every process-wide exec credential source, so that the next request runs its plugin
 * again: for a process that runs many commands one after another (the CLI's resident helper),
 * where each command must see its plugin run with its own environment and terminal, as in a
 * process of its own.
 */
export function forgetSharedExecCredentialSources(): void {
  sharedSources.clear();
}

/**
 * The process-wide {@link ExecCredentialSource} for this exec config and cluster (created on first
 * use). The IO of the first caller is the one the plugin gets, as with client-go's global cache.
 */
export function sharedExecCredentialSource(exec: ExecConfig, options: ExecCredentialSourceOptions = {}): ExecCredentialSource {
  const key = JSON.stringify([exec, options.clusterInfo ?? null, options.userName ?? null]);
  let source = sharedSources.get(key);
  if (source === undefined) {
    source = new ExecCredentialSource(exec, options);
    sharedSources.set(key, source);
  }
  return source;
}
