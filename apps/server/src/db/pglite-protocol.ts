/** Messages between the server's thread and the embedded database's (pglite-thread.ts). */

/**
 * The part of the WebAssembly API that Node provides and PgliteWhere names. TypeScript declares
 * it only in its DOM library, which the server does not load.
 */
declare global {
  // A global's type can be added to only by a namespace of its name.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace WebAssembly {
    interface Module {
      readonly [Symbol.toStringTag]: string
    }
    function compile(bytes: Uint8Array): Promise<Module>
  }
}

/** Where the database's thread opens PGlite. */
export interface PgliteWhere {
  /** Its data directory; in memory when null. */
  dataDir: string | null
  /** A dump of a data directory (tar) that a database in memory starts from. */
  from: string | null
  /**
   * PGlite's code, compiled once in the process that opens databases in memory (the tests, a
   * few per file) and shared by their threads: compiling it took each thread about 0.9 s of CPU.
   */
  compiled?: WebAssembly.Module
}

/** What the server's thread asks of the database's. */
export type PgliteCall =
  | { op: 'query'; sql: string; params: unknown[] | undefined; tx: number | null }
  | { op: 'exec'; sql: string; tx: number | null }
  /** COPY `target` from the file at `filePath` (COPY text format); replies [{ count }]. */
  /** `with` is '' or COPY's options clause (` with (freeze)`), built by the client. */
  | { op: 'copy'; target: string; filePath: string; tx: number | null; with: string }
  /** Starts transaction `tx`; its statements name it. */
  | { op: 'begin'; tx: number }
  /** Ends transaction `tx`: commits it, or rolls it back. */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }

/** A call, numbered so that its reply finds it. */
export type PgliteRequest = PgliteCall & { id: number }

/** What a database error carries that callers read (`code`, `constraint`, ...). */
export type ErrorFields = Record<string, string | number | undefined>

export type PgliteReply =
  | { ready: true }
  | { ready: false; error: ErrorFields }
  | { id: number; ok: true; rows: unknown[] }
  | { id: number; ok: false; error: ErrorFields }

/** The error as plain fields: what a structured clone of an Error would drop. */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const fields: ErrorFields = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  }
  return fields
}
