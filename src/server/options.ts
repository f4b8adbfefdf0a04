/**
 * Options of {@link startServer} and what it returns.
 */
import type { AdmissionPlugin } from './admission/types.js';
import type { Authenticator } from './auth/authenticator.js';
import type { AuthenticationOptions } from './auth/authn/options.js';
import type { Authorizer } from './auth/authorizer.js';
import type { AuthorizationOptions } from './auth/authz/options.js';
import type { TlsMaterial } from './tls/certificates.js';
import type { CertificatesOptions } from './certificates/options.js';
import type { AdmissionOptions } from './admission/options.js';
import type { NodeOptions } from './node/options.js';
import type { ControllerClock } from './control/clock.js';

/** Options of the local API server. */
export interface ServerOptions {
  /** Listen address (default 127.0.0.1). */
  host?: string;
  /** Port (0 = any free port; default 0). */
  port?: number;
  /** State directory (store, CA, serving certificate, admin token). Undefined = in memory. */
  dataDir?: string;
  /** Watch and list history kept at least this long (ms, default 5 minutes). */
  historyWindowMs?: number;
  /** Hard cap on history entries (memory bound; default 25,000). */
  historyMaxEvents?: number;
  /** Hard cap on the serialized size of the history (memory bound with large objects; default 64 MiB). */
  historyMaxBytes?: number;
  /**
   * The space quota of the stored objects, in bytes serialized (etcd's `--quota-backend-bytes`):
   * a write past it fails with etcd's `database space exceeded`. Default 2 GiB or a sixth of the
   * heap, whichever is smaller.
   */
  storageQuotaBytes?: number;
  /** Lifetime of continue tokens (ms, default 5 minutes). */
  continueTokenTtlMs?: number;
  /** Interval of BOOKMARK events for watches that allow them (ms, default 60 s). */
  bookmarkIntervalMs?: number;
  /** How long a request for a resource version from the future waits before 504 (ms, default 3 s). */
  futureRVWaitMs?: number;
  /**
   * How long a request body may take to arrive in full (ms, default 60 s: kube-apiserver's request
   * timeout). A body still incomplete then is answered 504 Timeout and its connection closed; request
   * headers get the lesser of this and 32 s (kube-apiserver's header timeout). Long-running requests
   * (watches, logs, exec, attach, port-forward, proxy) get no deadline once they are under way.
   */
  bodyTimeoutMs?: number;
  /** Lower bound of the random default watch timeout (ms, default 30 min; the timeout is 1-2x this). */
  minWatchTimeoutMs?: number;
  /** Events queued per watch before a slow client's watch is ended (default 10,000). */
  watchMaxQueue?: number;
  /** How long Events are kept after they were last seen (ms, default 1 hour, as `--event-ttl`). */
  eventTtlMs?: number;
  /** Log size that triggers background compaction of the store (bytes). */
  compactAfterBytes?: number;
  /** Clock (ms since the epoch). */
  now?: () => number;
  /** Receives log lines (never secrets). */
  logger?: (line: string) => void;
  /** TLS material to serve with (default: kept in dataDir, or generated once per process). */
  tls?: TlsMaterial;
  /** The admin bearer token (default: kept in dataDir, or random). */
  adminToken?: string;
  /** Further authentication methods, asked after the admin token (in order). */
  authenticators?: Authenticator[];
  /** Built-in authentication methods (token file, client CAs, service accounts, bootstrap, OIDC, webhook, proxy, anonymous). */
  authentication?: AuthenticationOptions;
  /** Authorization modes, asked in order (default: AlwaysAllow). */
  authorizers?: Authorizer[];
  /** Built-in authorization modes (`--authorization-mode` and its files); ignored when `authorizers` is given. */
  authorization?: AuthorizationOptions;
  /** Admission plugins run after the built-in ones (webhooks and the like). */
  admissionPlugins?: AdmissionPlugin[];
  /** Admission plugins, their configuration, webhooks, audit log, runtime-config and feature gates . */
  admission?: AdmissionOptions;
  /**
   * Run the workload controllers (Deployments, ReplicaSets, StatefulSets, DaemonSets, Jobs,
   * CronJobs, Endpoints and EndpointSlices, HPAs, PodDisruptionBudget status, pod GC). `local start`
   * turns them on; the default is off so that a test server keeps the objects exactly as written.
   * An object turns them on with a clock of their own (tests move CronJob schedules by hand).
   */
  workloads?: boolean | { clock?: ControllerClock };
  /** Signing requests: signing CA and duration, auto-approval, clean-up windows, bootstrap signer. */
  certificates?: CertificatesOptions;
  /**
   * The node side: scheduler, node lifecycle, the node agent of node `local` and the
   * metrics API. Absent: none of them runs (pods are stored, never scheduled). With `runtime:
   * 'process'` pods run as child processes of the server, as the user who started it.
   */
  node?: NodeOptions;
}

/** A running local API server. */
export interface RunningServer {
  /** `https://127.0.0.1:<port>`. */
  url: string;
  host: string;
  port: number;
  /** PEM of the CA that signed the serving certificate. */
  caPem: string;
  /** Bearer token of the `admin` user (group `system:masters`). */
  adminToken: string;
  dataDir: string | undefined;
  /**
   * Resolves when the in-process controllers have no queued work and a pass over them saw no
   * write (tests); rejects when they keep writing (see `control/settle.ts`).
   */
  settle(): Promise<void>;
  /** Stops serving, ends open watches, flushes and closes the store. Idempotent. */
  stop(): Promise<void>;
}
