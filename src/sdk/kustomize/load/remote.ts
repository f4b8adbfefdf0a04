/**
 * Recognising remote resources (kustomize clones git repositories and fetches http(s) files),
 * which this implementation does not fetch: they get one clear error instead.
 */
import { KustomizeError } from '../errors.js';

/** An http(s) URL, which kustomize would fetch as a file. */
export function isRemoteFileUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/**
 * A git repository reference as kustomize parses them: a `git::` prefix, an `ssh://`, `https://`,
 * `http://` or `file://` scheme, SCP style `user@host:path`, or a `github.com/` path.
 */
export function looksLikeRemoteRepo(value: string): boolean {
  const v = value.replace(/^git::/i, '');
  return /^(?:ssh|https?|file):\/\//i.test(v) || /^[a-zA-Z][a-zA-Z0-9-]*@[^/]+:/.test(v) || /^github\.com[/:]/i.test(v);
}

/** The error for a remote resource. */
export function remoteNotSupported(value: string): KustomizeError {
  return new KustomizeError(`remote resources are not supported: '${value}' (download it and refer to a local path)`);
}
