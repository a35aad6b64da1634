/** One sample of Prometheus' text format: `name{label="value",…} number`. */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g

/** The samples of an exposition text (comments left out); for tests and tools, not hot paths. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    const match = SAMPLE_LINE.exec(line)
    if (!match || line.startsWith('#')) continue
    const labels: Record<string, string> = {}
    for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(LABEL)) labels[key] = value
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) })
  }
  return samples
}

/**
 * Every name a scrape can carry: those of the `# TYPE` lines, with the series a histogram
 * or summary adds, and those of the samples.
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set(parseExposition(text).map((sample) => sample.name))
  for (const [, name = '', type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name)
    if (type === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix)
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(name + suffix)
  }
  return names
}

/** The value of the one sample of `name` that carries all of `labels`, or undefined. */
export function sampleValue(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`)
  return found[0]?.value
}
