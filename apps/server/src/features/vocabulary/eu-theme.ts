import type { EuDataTheme, ManagedVocabularyItem } from '@dataportaal/contract'
import type { Admin } from '../../auth/viewer.ts'
import type { Db } from '../../db/client.ts'
import { NotFoundError } from '../../shared/errors.ts'
import { recordAudit } from '../audit/record.ts'
import { managedTheme, WORDS } from './management.ts'

/**
 * Maps a theme (name ignoring case) to an EU data theme, or unsets the mapping with null,
 * and answers the theme as the admin list shows it. The DCAT catalogue reads the mapping on
 * every request (dcat:theme of each dataset carrying the theme), so it counts at once.
 * A change is audited; saving the mapping it already has changes nothing and logs nothing.
 */
export async function saveThemeEuTheme(
  db: Db,
  admin: Admin,
  name: string,
  euTheme: EuDataTheme | null,
): Promise<ManagedVocabularyItem> {
  return db.transaction(async (tx) => {
    const [theme] = await tx.query<{ id: string; name: string; euTheme: EuDataTheme | null }>(
      `select id::text, name, eu_theme as "euTheme" from themes
        where lower(name) = lower($1) for update`,
      [name],
    )
    if (!theme) throw new NotFoundError(WORDS.themes.missing)
    if (theme.euTheme !== euTheme) {
      await tx.query('update themes set eu_theme = $2 where id = $1', [theme.id, euTheme])
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'theme_eu_theme_changed',
        details: { theme: theme.name, euTheme, previous: theme.euTheme },
      })
    }
    return managedTheme(tx, theme.id)
  })
}
