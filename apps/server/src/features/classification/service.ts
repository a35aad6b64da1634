import type { DocumentClassification } from '@dataportaal/contract'
import { isEmployee, type Employee, type Viewer } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { HttpProblem, notFound } from '../../http/problem.ts'
import { recordAudit } from '../audit/record.ts'
import { refreshSearchIndex } from '../documents/search-index.ts'
import { visibleTo } from '../documents/visibility.ts'
import { resolveName, type Vocabulary } from './vocabulary-match.ts'

/** Any signed-in employee may attach and remove themes and labels on any document they see. */
export const canClassify = (viewer: Viewer): viewer is Employee => isEmployee(viewer)

const LINKS: Record<Vocabulary, { table: string; key: string; singular: 'theme' | 'label' }> = {
  themes: { table: 'document_themes', key: 'theme_id', singular: 'theme' },
  labels: { table: 'document_labels', key: 'label_id', singular: 'label' },
}

interface LockedDocument {
  id: string
  title: string
}

function classifier(viewer: Viewer): Employee {
  if (!canClassify(viewer)) throw new HttpProblem(403, 'Alleen medewerkers delen thema’s in.')
  return viewer
}

/**
 * Locks the document's row for this transaction, or answers 404 when the caller may not
 * see it. Concurrent changes to one document take turns, so each search-index refresh
 * sees every change committed before it.
 */
async function lockVisibleDocument(
  tx: Queryable,
  viewer: Employee,
  documentId: string,
): Promise<LockedDocument> {
  const params = new Params()
  const [row] = await tx.query<{ id: string; title: string }>(
    `select d.id::text as id, d.title from documents d
      where d.id = ${params.add(documentId)}::uuid and ${visibleTo(viewer, params)}
      for no key update`,
    params.values,
  )
  if (!row) throw notFound()
  return row
}

/** Search and facets follow at once; the audit log says who changed what. */
async function recordChange(
  tx: Queryable,
  viewer: Employee,
  document: LockedDocument,
  vocabulary: Vocabulary,
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
  viewer: Viewer,
  documentId: string,
  vocabulary: Vocabulary,
  name: string,
): Promise<DocumentClassification> {
  const employee = classifier(viewer)
  const { table, key } = LINKS[vocabulary]
  return db.transaction(async (tx) => {
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
  viewer: Viewer,
  documentId: string,
  vocabulary: Vocabulary,
  name: string,
): Promise<DocumentClassification> {
  const employee = classifier(viewer)
  const { table, key } = LINKS[vocabulary]
  return db.transaction(async (tx) => {
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
