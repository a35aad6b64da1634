/**
 * Working arrays of a search in memory, reused from search to search.
 *
 * A broad search needs several megabytes of typed arrays (bitmaps and ordinal lists of
 * 100,000 documents, ranks of every match). Allocated afresh, each is a new backing store
 * outside the JavaScript heap: the kernel hands out zeroed pages, and V8 counts the
 * external memory and runs a full collection of the whole heap (the index's 100+ MB) every
 * few broad searches, 10 to 20 ms each, and the statements that follow a search wait for
 * the other core meanwhile (bench/README.md, 2026-11-26). Inside `withScratch`, arrays of
 * 4 KB and more come from buffers kept by this module instead; when the outermost scope
 * ends they are free again. A taken array is zeroed, as a new one is, so the code using it
 * cannot tell the difference. Outside a scope (tests, the index itself) arrays are new.
 *
 * Nothing taken may outlive its scope, unless `keepScratch` takes it out of the scope first:
 * `searchSnapshot` (memory/engine.ts) keeps its found documents that way, to count them while
 * the database reads the page, and returns nothing else taken.
 */

/** Smaller arrays live on the JavaScript heap anyway; pooling them gains nothing. */
const MIN_POOLED_BYTES = 4096
/** Buffers kept per size class: a search takes a few dozen at most. */
const MAX_KEPT_PER_CLASS = 64
/**
 * Bytes kept in all: a broad search at 100,000 documents takes about 8 MB; a query with a
 * prefix that matches thousands of words may take more once, and that is not kept.
 */
const MAX_KEPT_BYTES = 32 * 1024 * 1024

/** Free buffers by size class: class `c` holds buffers of exactly 2^c bytes. */
const free: ArrayBuffer[][] = []
/** Buffers taken in the scope now open, returned when it closes. */
let taken: ArrayBuffer[] = []
let depth = 0
let keptBytes = 0

/** Runs `work` with arrays taken from the pool, and frees them when the outermost scope ends. */
export function withScratch<T>(work: () => T): T {
  depth++
  try {
    return work()
  } finally {
    depth--
    if (depth === 0) release()
  }
}

function release() {
  giveBack(taken)
  taken = []
}

/** Returns `buffers` to the pool, as far as it keeps them. */
function giveBack(buffers: readonly ArrayBuffer[]) {
  for (const buffer of buffers) {
    const kept = (free[Math.log2(buffer.byteLength)] ??= [])
    if (kept.length < MAX_KEPT_PER_CLASS && keptBytes + buffer.byteLength <= MAX_KEPT_BYTES) {
      kept.push(buffer)
      keptBytes += buffer.byteLength
    }
  }
}

/**
 * Takes `array` (of the open scope) out of the scope: it stays valid after the scope ends,
 * and no scope is handed its buffer until the returned function gives it back. Call that
 * when nothing reads the array any more (a second call does nothing); a kept array never
 * given back is left to the garbage collector. An array not from the pool needs nothing.
 */
export function keepScratch(array: ArrayBufferView): () => void {
  const at = taken.findIndex((buffer) => buffer === array.buffer)
  if (at < 0) return () => undefined
  const [kept] = taken.splice(at, 1)
  let given = false
  return () => {
    if (given) return
    given = true
    giveBack([kept!])
  }
}

/** A zeroed buffer of at least `bytes` (a multiple of 8), pooled inside a scope. */
function buffer(bytes: number): ArrayBuffer {
  if (depth === 0 || bytes < MIN_POOLED_BYTES) return new ArrayBuffer(bytes)
  const sizeClass = Math.ceil(Math.log2(bytes))
  const reused = free[sizeClass]?.pop()
  const result = reused ?? new ArrayBuffer(2 ** sizeClass)
  if (reused) {
    keptBytes -= reused.byteLength
    new Uint8Array(reused, 0, bytes).fill(0)
  }
  taken.push(result)
  return result
}

/** Bytes for `length` elements of `size` bytes, rounded up to whole 8-byte words. */
const wordBytes = (length: number, size: number) => Math.ceil((length * size) / 8) * 8

export const scratchInt32 = (length: number) =>
  new Int32Array(buffer(wordBytes(length, 4)), 0, length)

export const scratchFloat64 = (length: number) =>
  new Float64Array(buffer(wordBytes(length, 8)), 0, length)

/** `length` bytes whose buffer holds whole 32-bit words beyond them (bitmaps combine by word). */
export const scratchBytes = (length: number) =>
  new Uint8Array(buffer(wordBytes(length, 1)), 0, length)
