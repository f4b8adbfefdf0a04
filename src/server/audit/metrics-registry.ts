/**
 * Counters and gauges the server exposes on `/metrics`: a metric name, its help text and type,
 * and values per label set.
 */

/** One metric family. */
interface Family {
  help: string;
  type: 'counter' | 'gauge';
  labelNames: string[];
  values: Map<string, { labels: string[]; value: number }>;
}

/** The metrics of one server. */
export class MetricsRegistry {
  private readonly families = new Map<string, Family>();

  /** Declares a metric family (idempotent). */
  declare(name: string, type: 'counter' | 'gauge', help: string, labelNames: string[]): void {
    if (!this.families.has(name)) this.families.set(name, { help, type, labelNames, values: new Map() });
  }

  private entry(name: string, labels: Record<string, string>): { labels: string[]; value: number } {
    const family = this.families.get(name);
    if (family === undefined) throw new Error(`metric ${name} is not declared`);
    const values = family.labelNames.map((l) => labels[l] ?? '');
    const key = JSON.stringify(values);
    let e = family.values.get(key);
    if (e === undefined) {
      e = { labels: values, value: 0 };
      family.values.set(key, e);
    }
    return e;
  }

  /** Adds to a counter. */
  inc(name: string, labels: Record<string, string>, by = 1): void {
    this.entry(name, labels).value += by;
  }

  /** Sets a gauge. */
  set(name: string, labels: Record<string, string>, value: number): void {
    this.entry(name, labels).value = value;
  }

  /** The Prometheus text exposition format (0.0.4). */
  render(): string {
    const lines: string[] = [];
    for (const [name, f] of [...this.families.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      lines.push(`# HELP ${name} ${f.help}`, `# TYPE ${name} ${f.type}`);
      const rows = [...f.values.values()].map((v) => {
        const labels = f.labelNames.map((l, i) => `${l}="${escapeLabel(v.labels[i] ?? '')}"`).join(',');
        return `${name}{${labels}} ${String(v.value)}`;
      });
      lines.push(...rows.sort());
    }
    return `${lines.join('\n')}\n`;
  }
}

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}
