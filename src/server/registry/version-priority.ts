/**
 * Kubernetes-aware ordering of API versions: GA before beta before alpha, higher numbers first,
 * then anything else alphabetically (`v2 > v1 > v1beta2 > v1beta1 > v1alpha1 > foo`).
 */

const VERSION_RE = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

function rank(v: string): [number, number, number] | undefined {
  const m = VERSION_RE.exec(v);
  if (m === null) return undefined;
  const major = Number(m[1]);
  const track = m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0;
  const minor = m[3] === undefined ? 0 : Number(m[3]);
  return [track, major, minor];
}

/** Negative when `a` has the higher priority (sorts first). */
export function compareVersionPriority(a: string, b: string): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== undefined && rb !== undefined) {
    if (ra[0] !== rb[0]) return rb[0] - ra[0];
    if (ra[1] !== rb[1]) return rb[1] - ra[1];
    return rb[2] - ra[2];
  }
  if (ra !== undefined) return -1;
  if (rb !== undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
