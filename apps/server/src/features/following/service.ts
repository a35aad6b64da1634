import type { DocumentList, NameList, ThemeDocumentsQuery } from '@dataportaal/contract'
import type { Employee, Viewer } from '../../auth/viewer.ts'
import type { Db, Queryable } from '../../db/client.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { pageOfDocuments, visibleTo } from '../documents/index.ts'
import { findByName, resolveName, type VocabularyEntry } from '../vocabulary/lookup.ts'

// Following themes, and seeing who follows one, is for signed-in employees (routes: access
// 'employee'), so those functions take one. A theme's documents are for everyone: visitors
// see the approved ones without personal fields.

const asList = (names: string[]): NameList => ({ Results: names, Total: names.length })

/** The names of the themes the caller follows, alphabetically. */
export async function listFollowed(db: Queryable, employee: Employee): Promise<NameList> {
  const rows = await db.query<{ name: string }>(
    `select t.name from followed_themes f join themes t on t.id = f.theme_id
      where f.employee_id = $1 order by lower(t.name)`,
    [employee.id],
  )
  return asList(rows.map((row) => row.name))
}

/** Follows a theme of the vocabulary (a synonym follows its theme); 422 for any other name. */
export async function follow(db: Db, employee: Employee, name: string): Promise<NameList> {
  // One transaction: the theme cannot be deleted between finding it and following it.
  await db.transaction(async (tx) => {
    const theme = await resolveName(tx, 'themes', name, 'data')
    await tx.query(
      `insert into followed_themes (employee_id, theme_id) values ($1, $2) on conflict do nothing`,
      [employee.id, theme.id],
    )
  })
  return listFollowed(db, employee)
}

/** Stops following the theme of this name; a theme not followed changes nothing. */
export async function unfollow(db: Queryable, employee: Employee, name: string): Promise<NameList> {
  await db.query(
    `delete from followed_themes f using themes t
      where f.theme_id = t.id and f.employee_id = $1 and lower(t.name) = lower($2)`,
    [employee.id, name.trim()],
  )
  return listFollowed(db, employee)
}

/** A theme named in a path: 404 when there is none of that name. */
async function existingTheme(db: Queryable, name: string): Promise<VocabularyEntry> {
  const theme = await findByName(db, 'themes', name)
  if (!theme) throw new NotFoundError('Dit thema bestaat niet.')
  return theme
}

/** Display names of the employees who follow a theme, alphabetically. */
export async function listFollowers(db: Queryable, name: string): Promise<NameList> {
  const theme = await existingTheme(db, name)
  const rows = await db.query<{ name: string }>(
    `select coalesce(nullif(e.display_name, ''), e.email, 'Medewerker') as name
       from followed_themes f join employees e on e.id = f.employee_id
      where f.theme_id = $1
      order by lower(coalesce(nullif(e.display_name, ''), e.email, 'Medewerker')), e.id`,
    [theme.id],
  )
  return asList(rows.map((row) => row.name))
}

const NEWEST_PUBLISHED = 'd.published_at desc, d.id'

/** Approved documents in a theme that the caller (visitor or employee) sees, newest published first. */
export async function listThemeDocuments(
  db: Queryable,
  viewer: Viewer,
  name: string,
  page: ThemeDocumentsQuery,
): Promise<DocumentList> {
  const theme = await existingTheme(db, name)
  return pageOfDocuments(db, viewer, page, {
    where: (params) =>
      `${visibleTo(viewer, params)} and d.status = 'goedgekeurd'
       and exists (select 1 from document_themes dt
                    where dt.document_id = d.id and dt.theme_id = ${params.add(theme.id)}::uuid)`,
    orderBy: NEWEST_PUBLISHED,
  })
}

/** Approved documents in any theme the caller follows, newest published first (home page). */
export function listFollowedDocuments(
  db: Queryable,
  employee: Employee,
  page: ThemeDocumentsQuery,
): Promise<DocumentList> {
  return pageOfDocuments(db, employee, page, {
    where: (params) =>
      `${visibleTo(employee, params)} and d.status = 'goedgekeurd'
       and exists (select 1 from document_themes dt
                     join followed_themes ft on ft.theme_id = dt.theme_id
                    where dt.document_id = d.id and ft.employee_id = ${params.add(employee.id)})`,
    orderBy: NEWEST_PUBLISHED,
  })
}
