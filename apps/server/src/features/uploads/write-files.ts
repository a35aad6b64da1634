import type { Queryable } from '../../db/client.ts'
import { ConflictError } from '../../shared/errors.ts'
import type { FileStore, TempFile } from '../../storage/file-store.ts'
import { lockStoredFiles } from '../../storage/sweep.ts'
import type { LetGoFile } from '../history/record.ts'
import { enqueueTableLoads } from '../tables/index.ts'
import { enqueueTextExtraction } from './extraction-job.ts'

export interface AcceptedFile {
  fileName: string
  mediaType: string
  temp: TempFile
}

export interface SavedFiles {
  added: Array<{ id: string; fileName: string; sha256: string; size: number }>
  /** The files the edit let go, as they were: they stay as versions (features/history). */
  removed: LetGoFile[]
}

/**
 * Moves the files into the store and writes their rows, under the files' locks; the files not
 * in `keep` go, after `onLetGo` has seen them.
 */
export async function writeFiles(
  tx: Queryable,
  store: FileStore,
  documentId: string,
  keep: readonly string[] | null,
  files: readonly AcceptedFile[],
  moved: Set<string>,
  /** Called with the files the edit lets go, before their rows are deleted. */
  onLetGo: (files: SavedFiles['removed']) => Promise<void>,
): Promise<SavedFiles> {
  if (keep !== null && keep.length > 0) {
    // Checked before the transaction; under the document's row lock it must still hold.
    const [present] = await tx.query<{ n: number }>(
      'select count(*)::int as n from document_files where document_id = $1 and id = any($2::uuid[])',
      [documentId, keep],
    )
    if (present?.n !== keep.length) {
      throw new ConflictError(
        'Het document is intussen gewijzigd. Laad het opnieuw en probeer het nog eens.',
      )
    }
  }
  const removed =
    keep === null
      ? []
      : await tx.query<{
          id: string
          file_name: string
          sha256: string
          media_type: string
          size: string
          created_at: Date
        }>(
          `select id::text, file_name, sha256, media_type, size_bytes::text as size, created_at
             from document_files where document_id = $1 and id <> all($2::uuid[])
            order by position, created_at`,
          [documentId, keep],
        )
  const letGo = removed.map((f) => ({
    id: f.id,
    fileName: f.file_name,
    sha256: f.sha256,
    mediaType: f.media_type,
    size: Number(f.size),
    createdAt: f.created_at,
  }))
  // Kept as versions while the rows still exist: their loaded tables move to the version
  // before the delete's cascade would drop them.
  await onLetGo(letGo)
  if (letGo.length > 0) {
    await tx.query('delete from document_files where id = any($1::uuid[])', [
      letGo.map((f) => f.id),
    ])
  }
  await lockStoredFiles(
    tx,
    files.map((file) => file.temp.sha256),
  )
  for (const file of files) {
    await store.commit(file.temp)
    moved.add(file.temp.sha256)
  }
  const added = await tx.query<{
    id: string
    file_name: string
    sha256: string
    size: string
    media_type: string
  }>(
    `insert into document_files (document_id, position, file_name, media_type, size_bytes, sha256)
     select $1, coalesce((select max(position) from document_files where document_id = $1), -1) + f.n,
            f.name, f.media_type, f.size, f.sha256
       from unnest($2::text[], $3::text[], $4::bigint[], $5::text[])
            with ordinality as f(name, media_type, size, sha256, n)
     returning id::text, file_name, sha256, size_bytes::text as size, media_type`,
    [
      documentId,
      files.map((f) => f.fileName),
      files.map((f) => f.mediaType),
      files.map((f) => f.temp.size),
      files.map((f) => f.temp.sha256),
    ],
  )
  await enqueueTextExtraction(
    tx,
    added.map((file) => file.id),
  )
  await enqueueTableLoads(
    tx,
    added.map((file) => ({ id: file.id, mediaType: file.media_type })),
  )
  return {
    added: added.map((f) => ({
      id: f.id,
      fileName: f.file_name,
      sha256: f.sha256,
      size: Number(f.size),
    })),
    removed: letGo,
  }
}

export async function writeThemes(
  tx: Queryable,
  documentId: string,
  themeIds: string[],
  by: string,
) {
  await tx.query('delete from document_themes where document_id = $1', [documentId])
  await tx.query(
    `insert into document_themes (document_id, theme_id, added_by)
     select $1, unnest($2::uuid[]), $3`,
    [documentId, themeIds, by],
  )
}
