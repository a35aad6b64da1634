import { isEmployee, type Viewer } from '../../auth/viewer.ts'
import { MEDIA_TYPES } from '@dataportaal/contract'
import type { Params } from '../../db/params.ts'

/**
 * The tables every document query joins to `d` for the columns below: its content type,
 * source and owner.
 */
export const DOCUMENT_JOINS = `join content_types ct on ct.id = d.content_type_id
       join sources s on s.id = d.source_id
       left join employees e on e.id = d.owner_id`

/**
 * The media types a list names as formats (the contract's, a constant): a harvested link of
 * another type (a WMS service, say) is not named 'Bestand' in a result.
 */
const KNOWN_MEDIA_TYPES = `array[${Object.values(MEDIA_TYPES)
  .map((type) => `'${type}'`)
  .join(', ')}]::text[]`

/**
 * The select list of a document (`d`, with DOCUMENT_JOINS) under the names of
 * `DocumentListRow`, with the viewer's own favourite and rating; a visitor has neither.
 */
export function documentColumns(params: Params, viewer: Viewer): string {
  let personal = 'null::boolean as favorited, null::int as my_rating'
  if (isEmployee(viewer)) {
    const me = params.add(viewer.id)
    personal = `exists (select 1 from favorites f where f.document_id = d.id and f.employee_id = ${me}) as favorited,
            (select r.rating::int from ratings r where r.document_id = d.id and r.employee_id = ${me}) as my_rating`
  }
  return `d.id::text as id, d.title, ct.name as content_type, s.name as source,
            d.theme_names, d.label_names, d.status, d.status_category, d.status_description,
            d.rating_avg::float8 as rating_avg, d.rating_count, d.owner_id, e.display_name as owner_name,
            to_char(d.document_date, 'YYYY-MM-DD') as date, d.created_at, d.modified_at, d.published_at,
            ${personal},
            array(select f.media_type from document_files f where f.document_id = d.id
                  union
                  select l.media_type from document_links l
                   where l.document_id = d.id and l.media_type = any(${KNOWN_MEDIA_TYPES})
                  order by 1) as media_types`
}
