/** `items` in consecutive pieces of at most `size`, in order (the last one may be shorter). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = []
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size))
  return result
}
