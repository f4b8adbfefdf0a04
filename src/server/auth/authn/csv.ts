/**
 * A small RFC 4180 reader (quoted fields, doubled quotes, CRLF) for the token file, which Go's
 * encoding/csv reads in the API server.
 */

/** The records of a CSV text; blank lines are skipped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = 0;
  const src = text.replace(/^\uFEFF/, '');
  const endRecord = (): void => {
    record.push(field);
    field = '';
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (i < src.length) {
    const c = src[i] ?? '';
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n') endRecord();
    else if (c !== '\r') field += c;
    i++;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
