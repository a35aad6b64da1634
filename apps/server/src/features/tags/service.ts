import { NO_VALUE_BUCKET, type Bucket } from '@dataportaal/contract'
import type { Viewer } from '../../auth/viewer.ts'
import type { Queryable } from '../../db/client.ts'
import { Params } from '../../db/params.ts'
import { visibleTo } from '../documents/visibility.ts'

/** Documents per theme (or label) among those the viewer sees; the 'none' bucket last. */
async function countByVocabulary(
  db: Queryable,
  viewer: Viewer,
  column: 'theme_names' | 'label_names',
  noneKey: string,
): Promise<Bucket[]> {
  const params = new Params()
  const visible = visibleTo(viewer, params)
  const rows = await db.query<{ key: string; count: number; none: boolean }>(
    `select v.name as key, count(*)::int as count, false as none
       from documents d cross join unnest(d.${column}) as v(name)
      where ${visible} group by v.name
     union all
     select '', count(*)::int, true from documents d where ${visible} and d.${column} = '{}'
     order by none, count desc, key`,
    params.values,
  )
  return rows.flatMap((row) =>
    row.none ? (row.count > 0 ? [{ key: noneKey, count: row.count }] : []) : [row],
  )
}

export const countByTheme = (db: Queryable, viewer: Viewer) =>
  countByVocabulary(db, viewer, 'theme_names', NO_VALUE_BUCKET.tags)

export const countByLabel = (db: Queryable, viewer: Viewer) =>
  countByVocabulary(db, viewer, 'label_names', NO_VALUE_BUCKET.labels)

export async function listLabels(db: Queryable) {
  return db.query<{ id: string; name: string }>(
    'select id::text, name from labels order by lower(name)',
  )
}
