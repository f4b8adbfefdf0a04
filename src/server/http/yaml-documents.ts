/**
 * A YAML request body with several documents: the API server's YAML decoder reads only the first
 * one (go-yaml's Unmarshal), so later documents are ignored rather than refused.
 */

const SEPARATOR = /^(---|\.\.\.)(?=\s|$)/;

/** The text of the first document of a YAML stream that holds content (not only comments or blanks). */
export function firstYamlDocument(text: string): string {
  if (!text.includes('---') && !text.includes('...')) return text;
  const lines = text.split('\n');
  let current: string[] = [];
  for (const line of lines) {
    if (SEPARATOR.test(line)) {
      if (hasContent(current)) return current.join('\n');
      current = [];
      // Content after the marker on the same line (`--- {a: 1}`) belongs to the new document.
      const rest = line.replace(SEPARATOR, '').trim();
      if (line.startsWith('---') && rest !== '') current.push(rest);
      continue;
    }
    current.push(line);
  }
  return current.join('\n');
}

function hasContent(lines: readonly string[]): boolean {
  return lines.some((line) => {
    const t = line.trim();
    return t !== '' && !t.startsWith('#') && !t.startsWith('%');
  });
}
