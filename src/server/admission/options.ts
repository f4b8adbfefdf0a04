/**
 * Options of admission, audit and API versioning (`ServerOptions.admission`), as `local start`
 * fills them from `--enable-admission-plugins`, `--disable-admission-plugins`,
 * `--admission-control-config-file`, `--audit-log-path`, `--runtime-config` and `--feature-gates`.
 */

/** Admission, audit and versioning options of the local server. */
export interface AdmissionOptions {
  /** Plugins enabled on top of the recommended set (order irrelevant). */
  enablePlugins?: string[];
  /** Plugins disabled (wins over enabled). */
  disablePlugins?: string[];
  /** Path of an `AdmissionConfiguration` (YAML or JSON) with per-plugin configuration. */
  configFile?: string;
  /** Webhook service references (`<namespace>/<name>`) → `host:port` to connect to. */
  webhookServiceAddresses?: Record<string, string>;
  /** `--runtime-config` value (`batch/v1=false,...`) or the parsed pairs. */
  runtimeConfig?: string | Record<string, boolean>;
  /** `--feature-gates` value (`A=true,B=false`) or the parsed settings. */
  featureGates?: string | Record<string, boolean>;
  /** Audit events are appended to this file as JSON lines. */
  auditLogPath?: string;
}
