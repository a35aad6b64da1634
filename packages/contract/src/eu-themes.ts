import { z } from 'zod'

/**
 * The EU data themes (http://publications.europa.eu/resource/authority/data-theme), with
 * the list's own Dutch labels. DCAT-AP-NL requires one per dataset (dcat:theme); each portal
 * theme maps to one, set by an admin on /thema.
 */
export const EU_DATA_THEMES = {
  AGRI: 'Landbouw, visserij, bosbouw en voeding',
  ECON: 'Economie en financiën',
  EDUC: 'Onderwijs, cultuur en sport',
  ENER: 'Energie',
  ENVI: 'Milieu',
  GOVE: 'Overheid en publieke sector',
  HEAL: 'Gezondheid',
  INTR: 'Internationale vraagstukken',
  JUST: 'Justitie, rechtsstelsel en openbare veiligheid',
  OP_DATPRO: 'Voorlopige gegevens',
  REGI: 'Regio’s en steden',
  SOCI: 'Bevolking en samenleving',
  TECH: 'Wetenschap en technologie',
  TRAN: 'Vervoer',
} as const

export type EuDataTheme = keyof typeof EU_DATA_THEMES

const CODES = Object.keys(EU_DATA_THEMES) as [EuDataTheme, ...EuDataTheme[]]

export const EuDataTheme = z.enum(CODES, { error: 'Kies een EU-datathema uit de lijst.' })

/** PUT /tags/{name}/eu-theme (admins): the theme's EU data theme, or null to unset it. */
export const ThemeEuThemeEdit = z.strictObject({ euTheme: EuDataTheme.nullable() })
export type ThemeEuThemeEdit = z.infer<typeof ThemeEuThemeEdit>
