import type { DocumentClassification } from '@dataportaal/contract'
import type { Employee } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { recordAudit } from '../audit/record.ts'
import { lockVisibleDocument, refreshSearchIndex, type LockedDocument } from '../documents/index.ts'
import { VOCABULARY_LINKS as LINKS, type VocabularyKind } from '../vocabulary/kind.ts'
import { resolveName } from '../vocabulary/lookup.ts'

// Any signed-in employee may attach and remove themes and labels on any document they see;
// the routes' access 'employee' lets only them in.

/** Search and facets follow at once; the audit log says who changed what. */
async function recordChange(
  tx: Queryable,
  viewer: Employee,
  document: LockedDocument,
  vocabulary: VocabularyKind,
  change: 'added' | 'removed',
  name: string,
) {
  const { singular } = LINKS[vocabulary]
  await refreshSearchIndex(tx, [document.id])
  await recordAudit(tx, {
    actorId: viewer.id,
    action: `${singular}_${change}`,
    document,
    details: { [singular]: name },
  })
}

async function classificationOf(
  tx: Queryable,
  documentId: string,
): Promise<DocumentClassification> {
  const [row] = await tx.query<{ theme_names: string[]; label_names: string[] }>(
    'select theme_names, label_names from documents where id = $1',
    [documentId],
  )
  const themes = row?.theme_names ?? []
  const labels = row?.label_names ?? []
  return { themes: themes.length ? themes : null, labels: labels.length ? labels : null }
}

/**
 * Attaches a theme or label from the vocabulary (a theme's synonym attaches the theme).
 * Attaching one the document has changes nothing. 404 for a document the caller does not
 * see, 422 for a name outside the vocabulary.
 */
export async function attachToDocument(
  db: Db,
  employee: Employee,
  documentId: string,
  vocabulary: VocabularyKind,
  name: string,
): Promise<DocumentClassification> {
  const { table, key } = LINKS[vocabulary]
  return db.transaction(async (tx) => {
    // Changes to one document take turns, so each search-index refresh sees those before it.
    const document = await lockVisibleDocument(tx, employee, documentId)
    const entry = await resolveName(tx, vocabulary, name, 'name')
    const added = await tx.query(
      `insert into ${table} (document_id, ${key}, added_by) values ($1, $2, $3)
       on conflict do nothing returning 1`,
      [document.id, entry.id, employee.id],
    )
    if (added.length > 0) {
      await recordChange(tx, employee, document, vocabulary, 'added', entry.name)
    }
    return classificationOf(tx, document.id)
  })
}

/**
 * Removes the theme or label of this name (ignoring case) from a document. A name the
 * document does not have, or that no longer exists, changes nothing.
 */
export async function detachFromDocument(
  db: Db,
  employee: Employee,
  documentId: string,
  vocabulary: VocabularyKind,
  name: string,
): Promise<DocumentClassification> {
  const { table, key } = LINKS[vocabulary]
  return db.transaction(async (tx) => {
    // Changes to one document take turns, so each search-index refresh sees those before it.
    const document = await lockVisibleDocument(tx, employee, documentId)
    const [removed] = await tx.query<{ name: string }>(
      `delete from ${table} link using ${vocabulary} v
        where link.${key} = v.id and link.document_id = $1 and lower(v.name) = lower($2)
       returning v.name`,
      [document.id, name.trim()],
    )
    if (removed) await recordChange(tx, employee, document, vocabulary, 'removed', removed.name)
    return classificationOf(tx, document.id)
  })
}
