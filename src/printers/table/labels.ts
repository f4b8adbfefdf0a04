/** Header of a `-L key` column: the part after the last `/`, upper-cased (`-L app.platform.io/tier` is `TIER`). */
export function labelColumnHeader(key: string): string {
  const parts = key.split('/');
  return (parts[parts.length - 1] ?? '').toUpperCase();
}
