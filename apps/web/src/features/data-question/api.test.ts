import { IDEMPOTENCY_KEY_HEADER } from '@dataportaal/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, stubApi } from '../../test/render.tsx'
import { sendDataRequest } from './api.ts'
import type { DataQuestionPayload } from './form-values.ts'

const ID = '5b1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const QUESTION: DataQuestionPayload = {
  name: 'Jan de Vries',
  email: 'jan@example.org',
  subject: 'Fietstellingen per wijk',
  message: 'Hebben jullie tellingen per wijk sinds 2015?',
  consent: true,
}

afterEach(() => vi.unstubAllGlobals())

describe('sending a data question', () => {
  it('sends it again after a network error with the same Idempotency-Key, and a new key for the next question', async () => {
    let attempt = 0
    const { fetchMock } = stubApi(() => {
      // The first attempt's answer is lost on the way back.
      if (attempt++ === 0) throw new TypeError('Failed to fetch')
      return json({ id: ID }, 202)
    })

    await expect(sendDataRequest(QUESTION)).resolves.toEqual({ id: ID })
    await expect(sendDataRequest(QUESTION)).resolves.toEqual({ id: ID })

    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER),
    )
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(UUID)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toMatch(UUID)
    expect(keys[2]).not.toBe(keys[0])
  })
})
