/**
 * `/version`: the API level this server implements (Kubernetes 1.32 semantics).
 */
import type { VersionInfo } from '../../sdk/types/discovery.js';

/** The API version this server emulates. */
export const SERVER_VERSION = { major: '1', minor: '32', gitVersion: 'v1.32.0' } as const;

/** The `/version` document. */
export function versionInfo(buildDate: string): VersionInfo {
  return {
    major: SERVER_VERSION.major,
    minor: SERVER_VERSION.minor,
    emulationMajor: SERVER_VERSION.major,
    emulationMinor: SERVER_VERSION.minor,
    minCompatibilityMajor: SERVER_VERSION.major,
    minCompatibilityMinor: '31',
    gitVersion: SERVER_VERSION.gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate,
    goVersion: `node${process.versions.node}`,
    compiler: 'node',
    platform: `${process.platform}/${process.arch === 'x64' ? 'amd64' : process.arch}`,
  };
}
