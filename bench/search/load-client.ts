/** The load generator in a child process, and one measured pass of requests through it. */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { PassReply, PassRequest, PassResult, Sample } from './client.ts'

/** The numbers of concurrent clients every endpoint is measured at. */
export const CONCURRENCY = [1, 8] as const

/** The load generator in a child process (with the same tsx loader as this one). */
export class LoadClient {
  private readonly child: ChildProcess = fork(
    fileURLToPath(new URL('./client.ts', import.meta.url)),
  )

  run(request: PassRequest): Promise<PassResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load client exited (${code})`))
      this.child.once('exit', onExit)
      this.child.once('message', (message: PassReply) => {
        this.child.off('exit', onExit)
        if (message.ok) resolve(message.result)
        else reject(new Error(message.error))
      })
      this.child.send(request)
    })
  }

  close() {
    if (this.child.exitCode === null) this.child.kill()
  }
}

export interface Pass {
  /** The API endpoint, or `page`: the server-rendered search page (pages.ts). */
  endpoint: PassRequest['expect']
  concurrency: number
  /** Per path, one duration per round. */
  ms: number[][]
  samples: Sample[]
  wallMs: number
  throughput: number
  errors: number
}

export async function measure(
  client: LoadClient,
  baseUrl: string,
  endpoint: Pass['endpoint'],
  paths: string[],
  concurrency: number,
  rounds: number,
  record: boolean,
): Promise<Pass> {
  const ms = paths.map((): number[] => [])
  const samples: Sample[] = []
  let wallMs = 0
  for (let round = 0; round < rounds; round++) {
    const result = await client.run({
      baseUrl,
      paths,
      concurrency,
      recordPrefix: record && round === 0 ? `${endpoint}:` : null,
      expect: endpoint,
    })
    wallMs += result.wallMs
    for (const sample of result.samples) ms[sample.index]!.push(sample.ms)
    if (round === 0) samples.push(...result.samples)
    else samples.push(...result.samples.filter((s) => s.error))
  }
  const requests = paths.length * rounds
  return {
    endpoint,
    concurrency,
    ms,
    samples,
    wallMs,
    throughput: requests / (wallMs / 1000),
    errors: samples.filter((s) => s.error).length,
  }
}
