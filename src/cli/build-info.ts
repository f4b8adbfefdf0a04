/**
 * Version information of this build, read from package.json next to the compiled code.
 */
// eslint-disable-next-line no-restricted-imports -- the package's own package.json
import { readFileSync } from 'node:fs';

/** The client's version information, shaped like kubectl's `clientVersion`. */
export interface ClientVersionInfo {
  major: string;
  minor: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  nodeVersion: string;
  compiler: string;
  platform: string;
}

let cached: ClientVersionInfo | undefined;

// Replaced with a string literal by the CLI bundler (scripts/bundle.mjs), which saves reading
// package.json at start-up; the unbundled build falls back to reading it.
declare const PLATFORMCTL_VERSION: string | undefined;

function packageVersion(): string {
  if (typeof PLATFORMCTL_VERSION === 'string') return PLATFORMCTL_VERSION;
  // dist/src/cli/build-info.js -> package root
  const pkgUrl = new URL('../../../package.json', import.meta.url);
  try {
    return (JSON.parse(readFileSync(pkgUrl, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0'; // a broken install still prints something useful
  }
}

/** Returns this build's version information. */
export function clientVersion(): ClientVersionInfo {
  if (cached !== undefined) return cached;
  const version = packageVersion();
  const [major = '0', minor = '0'] = version.split('.');
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  cached = {
    major,
    minor,
    gitVersion: `v${version}`,
    gitCommit: '',
    gitTreeState: '',
    buildDate: '',
    nodeVersion: process.version,
    compiler: 'node',
    platform: `${process.platform}/${arch}`,
  };
  return cached;
}

/**
 * The kustomize release `platformctl kustomize` and `-k` follow (src/sdk/kustomize/ implements
 * kustomize v5.5, what kubectl 1.32 embeds); `version` reports it as kubectl does.
 */
export const KUSTOMIZE_VERSION = 'v5.5.0';
