import type { Queryable } from '../../db/client.ts'

/**
 * Any change to what a document says (its metadata, its files, a table's data dictionary)
 * sends it back to validation: `openstaand`, unpublished, the last decision's reason cleared.
 * `modified_by` is whoever changed it, who may then not validate it themselves (four eyes).
 * Call under the document's lock (lockEditableDocument), then refresh its search entry.
 */
export async function markEdited(tx: Queryable, documentId: string, by: string): Promise<void> {
  await tx.query(
    `update documents set status = 'openstaand', status_category = null,
            status_description = null, published_at = null, modified_at = now(), modified_by = $2
      where id = $1`,
    [documentId, by],
  )
}
