import {
  DEFAULT_LICENSE,
  UPLOAD_FIELDS,
  UPLOAD_LIMITS,
  type UploadForm,
  type UploadOptions,
} from '@dataportaal/contract'
import { z } from 'zod'
import type { Employee } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { ACCEPTED_MEDIA_TYPES } from '../../extraction/index.ts'
import type { FileStore } from '../../storage/file-store.ts'
import { removeUnreferencedFiles } from '../../storage/sweep.ts'
import { lockEditableDocument, markEdited, refreshSearchIndex } from '../documents/index.ts'
import { recordDocumentEvent } from '../subscriptions/index.ts'
import { requestPrivacyScans } from '../privacy/index.ts'
import { ensureNamed } from '../vocabulary/service.ts'
import { recordAudit } from '../audit/record.ts'
import { changedFields, keepVersions, recordChange, snapshotDocument } from '../history/index.ts'
import { checkFileCount, resolveVocabulary, type Vocabulary } from './checks.ts'
import { checkFileType } from './file-types.ts'
import { discardAll, type ReceivedForm } from './form.ts'
import { invalidInput, parseUploadFields, singleValue } from './validate.ts'
import { writeFiles, writeThemes, type AcceptedFile, type SavedFiles } from './write-files.ts'

export interface UploadDeps {
  db: Db
  store: FileStore
}

export interface UploadOutcome {
  contentUID: string
  created: boolean
}

/**
 * A new document (no contentUID) or an edit of one, from a received form. New and edited
 * documents wait for validation (`openstaand`). The files are in temporary files already;
 * they move into the store inside the transaction that writes their rows, and if that
 * transaction fails every moved file no row refers to is removed again. Text extraction is
 * queued as a job per new file. The temporary files are gone when this returns or throws.
 */
export async function saveUpload(
  deps: UploadDeps,
  viewer: Employee,
  received: ReceivedForm,
): Promise<UploadOutcome> {
  const { db, store } = deps
  try {
    const contentUID = singleValue(received.fields, UPLOAD_FIELDS.contentUID)
    if (contentUID !== undefined) {
      if (!z.uuid().safeParse(contentUID).success) {
        throw invalidInput([
          { field: UPLOAD_FIELDS.contentUID, message: 'Dit is geen geldig document-id.' },
        ])
      }
      // Refused early, before the files are judged; checked again under the lock below.
      await lockEditableDocument(db, viewer, contentUID, 'edit', 'none')
    }
    const form = parseUploadFields(received.fields)
    const vocabulary = await resolveVocabulary(db, form)
    const keep = await checkFileCount(db, form, received.files.length)
    const files: AcceptedFile[] = []
    for (const file of received.files) {
      files.push({ ...(await checkFileType(file.temp, file.fileName)), temp: file.temp })
    }
    return await commitUpload(deps, viewer, form, vocabulary, form.contentUID ? keep : null, files)
  } finally {
    await discardAll(store, received.files)
  }
}

async function commitUpload(
  deps: UploadDeps,
  viewer: Employee,
  form: UploadForm,
  vocabulary: Vocabulary,
  keep: string[] | null,
  files: AcceptedFile[],
): Promise<UploadOutcome> {
  const { db, store } = deps
  const moved = new Set<string>()
  let outcome: UploadOutcome & { removed: SavedFiles['removed'] }
  try {
    outcome = await db.transaction(async (tx) => {
      const previous = form.contentUID
        ? await lockEditableDocument(tx, viewer, form.contentUID, 'edit')
        : null
      const sourceId = await ensureNamed(tx, 'sources', form.sourceFriendlyName)
      const values = [
        form.title,
        form.description,
        vocabulary.contentTypeId,
        sourceId,
        form.license,
        form.wooCategory ?? null,
        form.temporalStart ?? null,
        form.temporalEnd ?? null,
        form.spatial ?? null,
      ]
      let id: string
      const before = previous ? await snapshotDocument(tx, previous.id) : null
      if (previous) {
        id = previous.id
        await tx.query(
          `update documents set title = $2, description = $3, content_type_id = $4,
                  source_id = $5, license = $6, woo_category = $7, temporal_start = $8,
                  temporal_end = $9, spatial_uri = $10
            where id = $1`,
          [id, ...values],
        )
        await markEdited(tx, id, viewer.id)
      } else {
        const [row] = await tx.query<{ id: string }>(
          `insert into documents (title, description, content_type_id, source_id, license,
                                  woo_category, temporal_start, temporal_end, spatial_uri,
                                  status, owner_id, modified_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'openstaand', $10, $10) returning id::text`,
          [...values, viewer.id],
        )
        id = row!.id
      }
      await writeThemes(tx, id, vocabulary.themeIds, viewer.id)
      const saved = await writeFiles(tx, store, id, keep, files, moved, (removed) =>
        keepVersions(tx, id, viewer.id, removed),
      )
      if (before) {
        await recordChange(tx, {
          documentId: id,
          by: viewer.id,
          fields: changedFields(before, await snapshotDocument(tx, id)),
          added: saved.added,
          removed: saved.removed,
        })
      }
      await requestPrivacyScans(tx, [id])
      await recordAudit(tx, {
        actorId: viewer.id,
        action: previous ? 'document_edited' : 'document_uploaded',
        document: { id, title: form.title },
        details: {
          ...(previous ? { previousStatus: previous.status, previousTitle: previous.title } : {}),
          contentTypeName: vocabulary.contentTypeName,
          sourceFriendlyName: form.sourceFriendlyName,
          themes: form.themes,
          license: form.license,
          wooCategory: form.wooCategory ?? null,
          temporal: { start: form.temporalStart ?? null, end: form.temporalEnd ?? null },
          spatial: form.spatial ?? null,
          addedFiles: saved.added,
          removedFiles: saved.removed.map(({ id, fileName, sha256 }) => ({ id, fileName, sha256 })),
        },
      })
      await refreshSearchIndex(tx, [id])
      return { contentUID: id, created: !previous, removed: saved.removed }
    })
  } catch (error) {
    // The rows never existed: take away the files moved into the store for them (unless
    // another document has the same content).
    await removeUnreferencedFiles(db, store, moved)
    throw error
  }
  // Files the edit let go; when this fails the start-up sweep removes them.
  await removeUnreferencedFiles(
    db,
    store,
    outcome.removed.map((file) => file.sha256),
  ).catch(() => undefined)
  return { contentUID: outcome.contentUID, created: outcome.created }
}

/**
 * Soft delete by the owner or an admin: the document disappears everywhere at once (every
 * query filters `deleted_at`); row and files stay for an admin's undo until purged.
 */
export async function deleteUpload(db: Db, viewer: Employee, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const document = await lockEditableDocument(tx, viewer, id, 'delete')
    await tx.query('update documents set deleted_at = now(), deleted_by = $2 where id = $1', [
      id,
      viewer.id,
    ])
    if (document.status === 'goedgekeurd') {
      await recordDocumentEvent(tx, { id, title: document.title }, 'ingetrokken')
    }
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'document_deleted',
      document: { id, title: document.title },
      details: { previousStatus: document.status, ownerId: document.ownerId },
    })
  })
}

/** What the upload form offers: the managed lists, the accepted file types and the limits. */
export async function uploadOptions(
  db: Queryable,
  maxUploadMb: number,
  defaultSpatial: string,
): Promise<UploadOptions> {
  const [types, sources] = await Promise.all([
    db.query<{ name: string }>('select name from content_types order by id'),
    db.query<{ name: string }>('select name from sources order by lower(name)'),
  ])
  return {
    contentTypes: types.map((t) => t.name),
    sources: sources.map((s) => s.name),
    fileTypes: ACCEPTED_MEDIA_TYPES.map((t) => ({
      mediaType: t.mediaType,
      extensions: [...t.extensions],
      label: t.label,
    })),
    maxUploadMb,
    maxFilesPerRequest: UPLOAD_LIMITS.filesPerRequest,
    defaultLicense: DEFAULT_LICENSE,
    defaultSpatial,
  }
}
