/**
 * The `auth whoami` table: ATTRIBUTE / VALUE rows for username, UID, groups and each extra key
 * (sorted), as kubectl prints them through its tab writer.
 */
import type { UserInfo } from '../../../../sdk/types/authentication.js';
import { renderRows } from '../../../../printers/table/table-writer.js';
import { ruleListText as goSlice } from '../../../../printers/describe/policy-rules.js';

/** The table text for a user. */
export function formatUserInfo(user: UserInfo): string {
  const rows: string[][] = [['ATTRIBUTE', 'VALUE']];
  if ((user.username ?? '') !== '') rows.push(['Username', user.username ?? '']);
  if ((user.uid ?? '') !== '') rows.push(['UID', user.uid ?? '']);
  if ((user.groups ?? []).length > 0) rows.push(['Groups', goSlice(user.groups ?? [])]);
  const extra = user.extra ?? {};
  for (const key of Object.keys(extra).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) rows.push([`Extra: ${key}`, goSlice(extra[key] ?? [])]);
  return renderRows(rows);
}
