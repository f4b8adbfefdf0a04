import { compareUtf8 } from '../../machinery/json/go-json.js';

/**
 * Labels as kubectl shows them in the LABELS column and in `describe`: `k=v` pairs sorted and
 * joined by commas, or `<none>` when there are none.
 */
export function formatLabels(labels: Readonly<Record<string, string>> | undefined): string {
  const pairs = Object.entries(labels ?? {}).map(([k, v]) => `${k}=${v}`);
  if (pairs.length === 0) return '<none>';
  return pairs.sort(compareUtf8).join(',');
}

/** Header of a `-L key` column: the part after the last `/`, upper-cased (`-L app.platform.io/tier` is `TIER`). */
export function labelColumnHeader(key: string): string {
  const parts = key.split('/');
  return (parts[parts.length - 1] ?? '').toUpperCase();
}
