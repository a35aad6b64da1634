import { apiPaths } from '@dataportaal/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, useTestContext, EMPLOYEE, searchAs } from '../../../test/app.ts'
import { createDocument } from '../../../test/factories.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { apiAs, postUpload, runJobs } from '../uploads/testing.ts'
import { fileOf, uploadForm, VALID_FIELDS } from '../uploads/testing-files.ts'

/**
 * The typo-correction vocabulary (`search_words`) must hold the words of published
 * documents only: otherwise the public search answers differently depending on what
 * unpublished uploads contain.
 *
 * A correction to a word no visible document has changes no public answer by itself, so
 * the leak is shown the way an outsider would see it: through a probe that is the start of
 * the secret word and a near-typo of a published neighbour's word. A word that no catalogue
 * word starts with is corrected (the neighbour is found); a word that some catalogue word
 * starts with is left alone (the neighbour is not found). So the neighbour disappearing
 * from the probe's answer while the secret word is unpublished would be the leak.
 */
interface WordFamily {
  /** The made-up word the document under test contains. */
  secret: string
  /** A near-typo of the secret word: corrected to it once it is published. */
  typo: string
  /** The start of the secret word, and a near-typo of the neighbour's word. */
  probe: string
  /** The word of an always published document. */
  neighbour: string
}

const family = (stem: string): WordFamily => ({
  secret: `${stem}plank`,
  typo: `${stem}plonk`,
  probe: `${stem}plan`,
  neighbour: `${stem}plint`,
})

const ctx = useTestContext()

beforeAll(async () => {
  await ensureNamed(ctx.db, 'themes', 'Afval')
})

const publicSearch = (query: string) => searchAs(ctx, { query })

const found = async (query: string) =>
  (await publicSearch(query)).Results.map((result) => result.contentUID)

/** The neighbour's document, and the public answers while the secret word is in no document. */
async function prepare(words: WordFamily) {
  const neighbour = await createDocument(ctx.db, { title: `Onderhoud ${words.neighbour}` })
  const unknown = { probe: await publicSearch(words.probe), typo: await publicSearch(words.typo) }
  // The probe is corrected to the neighbour's word: what the leak would take away.
  expect(unknown.probe.Results.map((result) => result.contentUID)).toEqual([neighbour])
  const expectUnknown = async () => {
    expect(await publicSearch(words.probe)).toEqual(unknown.probe)
    expect(await publicSearch(words.typo)).toEqual(unknown.typo)
  }
  return { neighbour, expectUnknown }
}

/** EMPLOYEE's upload with the word in its file (so it arrives through text extraction). */
async function uploadWith(word: string, contentUID?: string): Promise<string> {
  const form = uploadForm(
    {
      ...VALID_FIELDS,
      title: `Meetgegevens ${contentUID ? 'herzien' : 'eerste versie'}`,
      description: 'Tellingen per kwartaal.',
      contentUID,
    },
    [fileOf(`omschrijving;aantal\n${word};12\n`, 'tellingen.csv')],
  )
  const response = await postUpload(ctx, EMPLOYEE, form)
  expect(response.statusCode, response.body).toBe(contentUID ? 200 : 201)
  await runJobs(ctx)
  return response.json<{ contentUID: string }>().contentUID
}

async function decide(id: string, decision: 'approve' | 'disapprove') {
  const { status } = await ctx.call('GET', apiPaths[decision](id), ADMIN, {
    query:
      decision === 'disapprove'
        ? { statusCategory: 'Onvolledig', statusDescription: 'De bron ontbreekt.' }
        : {},
  })
  expect(status).toBe(200)
}

async function remove(id: string) {
  expect((await apiAs(ctx, ADMIN, 'DELETE', apiPaths.deleteUpload(id))).statusCode).toBe(204)
}

/** What the coming restore does to the row; the vocabulary must follow without its help. */
const restore = (id: string) =>
  ctx.db.query('update documents set deleted_at = null, deleted_by = null where id = $1', [id])

describe('the typo-correction vocabulary', () => {
  it('follows a document through upload, approval, edit, deletion, restore and purge', async () => {
    const words = family('zwoeger')
    const { neighbour, expectUnknown } = await prepare(words)

    const id = await uploadWith(words.secret)
    await expectUnknown()

    await decide(id, 'approve')
    expect(await found(words.typo)).toContain(id)
    // Now a catalogue word starts with the probe: no correction, the neighbour drops out.
    expect(await found(words.probe)).toEqual([id])

    // An edit sends the document back to validation.
    await uploadWith(words.secret, id)
    await expectUnknown()

    await decide(id, 'approve')
    expect(await found(words.typo)).toContain(id)
    await remove(id)
    await expectUnknown()

    await restore(id)
    expect(await found(words.typo)).toContain(id)
    expect(await found(words.probe)).toEqual([id])

    await ctx.db.query('delete from documents where id = $1', [id])
    await expectUnknown()
    expect(await found(words.probe)).toEqual([neighbour])
  })

  it('leaves out the words of a disapproved document', async () => {
    const words = family('kwispel')
    const { expectUnknown } = await prepare(words)

    const id = await uploadWith(words.secret)
    await decide(id, 'disapprove')
    await expectUnknown()
  })

  it('keeps a word while any published document has it, whatever unpublished ones do', async () => {
    const words = family('kriebel')
    const { neighbour } = await prepare(words)
    const published = await createDocument(ctx.db, { title: `Inspectie ${words.secret}` })
    const pending = await uploadWith(words.secret)
    expect(await found(words.probe)).toEqual([published])

    await decide(pending, 'approve')
    await remove(published)
    expect(await found(words.typo)).toContain(pending)
    expect(await found(words.probe)).toEqual([pending])

    // The edit withdraws the last published copy of the word.
    await uploadWith(words.secret, pending)
    expect(await found(words.probe)).toEqual([neighbour])

    await restore(published)
    expect(await found(words.probe)).toEqual([published])
  })

  it('takes concurrent approvals and deletions of documents sharing words', async () => {
    // Overlapping words, changed by parallel transactions on PostgreSQL (PGlite runs them
    // one after another): none may fail or lose a count (the next test checks the counts).
    const texts = ['ochtendploeg avonddienst', 'avonddienst nachtrust', 'nachtrust ochtendploeg']
    const ids = await Promise.all(
      texts.flatMap((text, i) =>
        [1, 2, 3].map((n) =>
          createDocument(ctx.db, {
            title: `Rooster ${i}.${n}`,
            description: text,
            status: 'openstaand',
            owner: EMPLOYEE,
          }),
        ),
      ),
    )
    await Promise.all(ids.map((id) => decide(id, 'approve')))
    expect(await found('avonddienst')).toHaveLength(6)
    await Promise.all(ids.slice(3).map(remove))
    expect((await found('avonddienst')).sort()).toEqual(ids.slice(0, 3).sort())
    expect(await found('nachtrust')).toEqual([])
  })

  it('holds exactly the words of the published documents, counted', async () => {
    const difference = await ctx.db.query<{ word: string }>(
      `with expected as (
         select w.word, count(*)::integer as documents
           from documents d,
                portal_document_words(d.title, d.description, d.theme_names, d.file_text,
                                      d.title_parts, d.text_parts) w(word)
          where d.status = 'goedgekeurd' and d.deleted_at is null
          group by w.word)
       (select word, documents from expected except select word, documents from search_words)
       union all
       (select word, documents from search_words except select word, documents from expected)`,
    )
    expect(difference).toEqual([])
  })
})
