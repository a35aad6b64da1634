import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_DOCUMENTS } from '../features/uploads/testing-files.ts'
import { deepJson, docx, xlsx, zipFile } from '../../test/hostile-files.ts'
import { ExtractionError, MEDIA_TYPES, extractText, type ExtractOptions } from './index.ts'

/**
 * Extraction of hostile files: every cap ends in an ExtractionError with a Dutch reason, a
 * worker thread that runs out of time or memory is killed without harm to this thread, and
 * the next extraction gets a fresh one.
 */
let tmp = ''
const write = async (name: string, content: Buffer | string) => {
  const path = join(tmp, name)
  await writeFile(path, content)
  return path
}

/** The ExtractionError a file raises (the test fails when it raises nothing). */
async function failureOf(path: string, mediaType: string, options: ExtractOptions = {}) {
  const error = await extractText(path, mediaType, options).then(
    () => null,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(ExtractionError)
  return error as ExtractionError
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'extraction-isolation-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

describe('ZIP entries are capped before and while inflating', () => {
  it('streams 44 MB of Word XML (from 140 kB) and finds its text', async () => {
    const path = await write('opmaak.docx', await docx({ firstWord: 'kademuur', paragraphs: 1e6 }))
    expect(await extractText(path, MEDIA_TYPES.docx)).toBe('kademuur')
  })

  it('stops inflating at the cap: te groot', async () => {
    const path = await write('opmaak.docx', await docx({ firstWord: 'kademuur', paragraphs: 1e6 }))
    const error = await failureOf(path, MEDIA_TYPES.docx, { maxEntryBytes: 10 * 1024 * 1024 })
    expect(error.reason).toBe('too-large')
    expect(error.message).toBe('Het bestand is te groot om te doorzoeken (meer dan 10 MB tekst).')
  })

  it('refuses a shared strings table that inflates a thousandfold past the cap, unread', async () => {
    const bytes = await xlsx({ firstWord: 'x', rows: 2, sharedStringsBytes: 200 * 1024 * 1024 })
    expect(bytes.length).toBeLessThan(400 * 1024)
    const path = await write('bom.xlsx', bytes)
    const started = Date.now()
    expect((await failureOf(path, MEDIA_TYPES.xlsx)).reason).toBe('too-large')
    // Refused on its declared size: inflating 200 MB would take seconds.
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('refuses an entry that inflates past the size it declares', async () => {
    const bytes = await docx({ firstWord: 'kademuur', paragraphs: 100_000, declaredSize: 1000 })
    const error = await failureOf(await write('liegt.docx', bytes), MEDIA_TYPES.docx)
    expect(error.reason).toBe('unreadable')
    expect(error.message).toMatch(/kan niet worden gelezen/)
  })

  it('recognises a password-protected Office file (an OLE container)', async () => {
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(4096),
    ])
    const error = await failureOf(await write('geheim.docx', ole), MEDIA_TYPES.docx)
    expect(error.reason).toBe('encrypted')
    expect(error.message).toBe('Het bestand is met een wachtwoord beveiligd.')
  })

  it('reads the first rows of 400,000 and stops at the text cap', async () => {
    const path = await write('rijen.xlsx', await xlsx({ firstWord: 'snippergroen', rows: 400_000 }))
    const text = await extractText(path, MEDIA_TYPES.xlsx, { maxChars: 10_000 })
    expect(text.startsWith('Blad1 snippergroen rij 2 2 rij 3 3')).toBe(true)
    expect(text.length).toBeLessThanOrEqual(10_000)
  })

  it('reads OpenDocument text', async () => {
    const odt = await zipFile([
      { name: 'mimetype', content: () => ['application/vnd.oasis.opendocument.text'] },
      {
        name: 'content.xml',
        content: () => [
          '<office:document-content xmlns:office="o" xmlns:text="t"><office:body><office:text>' +
            '<text:h>Kademuren</text:h><text:p>Herstel van de<text:s/>kademuur<text:tab/>Oudegracht</text:p>' +
            '</office:text></office:body></office:document-content>',
        ],
      },
    ])
    const text = await extractText(await write('notitie.odt', odt), MEDIA_TYPES.odt)
    expect(text).toBe('Kademuren Herstel van de kademuur Oudegracht')
  })
})

describe('JSON is read as a stream', () => {
  it('keeps string values, not keys, and skips GeoJSON geometry', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [5.1, 52.1] },
          properties: { naam: 'Speeltuin "De Wip"', type: 'Speelplaats', adres: 'Laan\\n 1' },
        },
        { type: 'Feature', properties: { naam: 'Kinderboerderij' }, geometry: null },
      ],
    })
    const path = await write('kaart.geojson', geojson)
    expect(await extractText(path, MEDIA_TYPES.geojson)).toBe(
      'Speeltuin "De Wip" Laan\\n 1 Kinderboerderij',
    )
    expect(await extractText(path, MEDIA_TYPES.json)).toBe(
      'FeatureCollection Feature Point Speeltuin "De Wip" Speelplaats Laan\\n 1 Feature Kinderboerderij',
    )
  })

  it('reads JSON nested a million deep without failing', async () => {
    const path = await write('diep.json', deepJson(1_000_000))
    expect(await extractText(path, MEDIA_TYPES.json)).toBe('')
  })
})

describe('the worker thread, not the server, pays for a hostile file', () => {
  it('is terminated at the time limit', async () => {
    const path = await write('traag.docx', await docx({ firstWord: 'kademuur', paragraphs: 1e6 }))
    const error = await failureOf(path, MEDIA_TYPES.docx, { timeoutMs: 20 })
    expect(error.reason).toBe('timeout')
    expect(error.message).toBe('Het lezen duurde langer dan 1 seconden.')
  })

  it('dies of its heap cap, and the next file gets a fresh thread', async () => {
    // One shared string of 100 million letters, kept whole when the text cap allows it.
    const bytes = await xlsx({ firstWord: 'x', rows: 2, sharedStringsBytes: 100_000_000 })
    const path = await write('geheugen.xlsx', bytes)
    const error = await failureOf(path, MEDIA_TYPES.xlsx, {
      memoryMb: 64,
      maxChars: 500_000_000,
      maxEntryBytes: 1024 * 1024 * 1024,
    })
    expect(error.reason).toBe('out-of-memory')
    expect(error.message).toBe('Het bestand vraagt te veel geheugen om te doorzoeken.')

    const demo = join(DEMO_DOCUMENTS, 'verslag-bewonersavond-noord.docx')
    expect(await extractText(demo, MEDIA_TYPES.docx)).toContain('buurtbemiddeling')
  })
})
