/** Recording every statement the app runs while serving one marked request. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db, Row, Transaction } from '../../apps/server/src/db/client.ts'
import { RECORD_HEADER } from './client.ts'

export interface Statement {
  sql: string
  params: unknown[]
  exec: boolean
  /** How long it took inside the server (call to promise settled). */
  ms: number
}

export class Recorder {
  /** Statements of the request being recorded; null when nothing is recorded. */
  current: Statement[] | null = null
  readonly byKey = new Map<string, Statement[]>()
  /** Time inside the server: from the request event until the answer is handed to the OS. */
  readonly serverMs = new Map<string, number>()

  /** Starts a recording when a request carries the record header, else stops recording. */
  onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const key = request.headers[RECORD_HEADER]
    if (typeof key === 'string') {
      this.current = []
      this.byKey.set(key, this.current)
      const started = performance.now()
      response.once('finish', () => this.serverMs.set(key, performance.now() - started))
    } else {
      this.current = null
    }
  }

  private async timed<T>(statement: Statement, run: () => Promise<T>): Promise<T> {
    const started = performance.now()
    try {
      return await run()
    } finally {
      statement.ms = performance.now() - started
    }
  }

  /** Records queries and statements; COPY (table loads) passes through unrecorded. */
  private queryable(target: Transaction): Transaction {
    return {
      copyFrom: (table, filePath, options) => target.copyFrom(table, filePath, options),
      query: <T extends Row = Row>(sql: string, params?: readonly unknown[]) => {
        if (!this.current) return target.query<T>(sql, params)
        const statement = { sql, params: params ? [...params] : [], exec: false, ms: NaN }
        this.current.push(statement)
        return this.timed(statement, () => target.query<T>(sql, params))
      },
      exec: (sql: string) => {
        if (!this.current) return target.exec(sql)
        const statement = { sql, params: [], exec: true, ms: NaN }
        this.current.push(statement)
        return this.timed(statement, () => target.exec(sql))
      },
    }
  }

  wrap(db: Db): Db {
    return {
      ...this.queryable(db),
      kind: db.kind,
      transaction: (work) => db.transaction((tx) => work(this.queryable(tx))),
      close: () => db.close(),
      waitingQueries: () => db.waitingQueries(),
      connections: () => db.connections(),
    }
  }
}
