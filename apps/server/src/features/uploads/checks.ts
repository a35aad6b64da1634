import { UPLOAD_FIELDS, UPLOAD_LIMITS, type UploadForm } from '@dataportaal/contract'
import type { Queryable } from '../../db/client.ts'
import { invalidInput, type FieldErrors } from './validate.ts'

export interface Vocabulary {
  contentTypeId: number
  contentTypeName: string
  themeIds: string[]
}

/** The content type and themes must come from the managed lists (422 otherwise). */
export async function resolveVocabulary(db: Queryable, form: UploadForm): Promise<Vocabulary> {
  const errors: FieldErrors = []
  const types = await db.query<{ id: number; name: string }>(
    'select id, name from content_types order by id',
  )
  const type = types.find((t) => t.name.toLowerCase() === form.contentTypeName.toLowerCase())
  if (!type) {
    errors.push({
      field: UPLOAD_FIELDS.contentTypeName,
      message: `Kies een soort uit de lijst: ${types.map((t) => t.name).join(', ')}.`,
    })
  }
  const wanted = [...new Set(form.themes.map((name) => name.toLowerCase()))]
  const themes = await db.query<{ id: string; key: string }>(
    'select id::text, lower(name) as key from themes where lower(name) = any($1::text[])',
    [wanted],
  )
  const known = new Map(themes.map((theme) => [theme.key, theme.id]))
  for (const name of form.themes) {
    if (!known.has(name.toLowerCase())) {
      errors.push({
        field: UPLOAD_FIELDS.themes,
        message: `Het thema "${name}" bestaat niet. Kies een thema uit de lijst.`,
      })
    }
  }
  if (errors.length > 0 || !type) throw invalidInput(errors)
  return { contentTypeId: type.id, contentTypeName: type.name, themeIds: [...known.values()] }
}

/** On an edit, the files to keep must be the document's own; there must be at least one file. */
export async function checkFileCount(
  db: Queryable,
  form: UploadForm,
  newFiles: number,
): Promise<string[]> {
  const keep = [...new Set(form.keepFileIds)]
  if (!form.contentUID && keep.length > 0) {
    throw invalidInput([
      {
        field: UPLOAD_FIELDS.keepFileIds,
        message: 'Bestanden behouden kan alleen bij het wijzigen van een document.',
      },
    ])
  }
  if (form.contentUID && keep.length > 0) {
    const own = await db.query<{ id: string }>(
      'select id::text from document_files where document_id = $1 and id = any($2::uuid[])',
      [form.contentUID, keep],
    )
    if (own.length !== keep.length) {
      throw invalidInput([
        {
          field: UPLOAD_FIELDS.keepFileIds,
          message: 'Een van de te behouden bestanden hoort niet bij dit document.',
        },
      ])
    }
  }
  const total = keep.length + newFiles
  if (total === 0 || total > UPLOAD_LIMITS.filesPerDocument) {
    throw invalidInput([
      {
        field: UPLOAD_FIELDS.files,
        message:
          total === 0
            ? 'Voeg minstens één bestand toe.'
            : `Een document heeft hoogstens ${UPLOAD_LIMITS.filesPerDocument} bestanden.`,
      },
    ])
  }
  return keep
}
