/** The default interval of the keep-alive pings of exec, attach and port-forward sessions. */

/** 30 s: under the 60 s idle timeout common to proxies and load balancers. */
export const DEFAULT_PING_INTERVAL_MS = 30_000;
