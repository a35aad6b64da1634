import { z } from 'zod'

/**
 * The 17 information categories of the Woo (article 3.3), with their identifiers in the
 * TOOI thesaurus 'kern' and the number Woo publication platforms use in their sitemap
 * names (`sitemapindex-diwoo-infocatNNN.xml`). Taken from the DiWoo information category
 * list as kept in ../shared/standards/woo/informatiecategorieen.json (Woo article 3.3;
 * TOOI thesaurus 'kern', https://identifier.overheid.nl/tooi/def/thes/kern/).
 */
export const WOO_CATEGORIES = [
  {
    code: '001',
    article: '3.3 lid 1 a',
    tooi: 'c_139c6280',
    name: 'wetten en algemeen verbindende voorschriften',
  },
  {
    code: '002',
    article: '3.3 lid 1 b',
    tooi: 'c_aab6bfc7',
    name: 'overige besluiten van algemene strekking',
  },
  {
    code: '003',
    article: '3.3 lid 1 c',
    tooi: 'c_759721e2',
    name: 'ontwerpen van wet- en regelgeving met adviesaanvraag',
  },
  { code: '004', article: '3.3 lid 1 d', tooi: 'c_40a05794', name: 'organisatie en werkwijze' },
  { code: '005', article: '3.3 lid 1 e', tooi: 'c_89ee6784', name: 'bereikbaarheidsgegevens' },
  {
    code: '006',
    article: '3.3 lid 2 a',
    tooi: 'c_8c840238',
    name: 'bij vertegenwoordigende organen ingekomen stukken',
  },
  {
    code: '007',
    article: '3.3 lid 2 b',
    tooi: 'c_c76862ab',
    name: 'vergaderstukken Staten-Generaal',
  },
  {
    code: '008',
    article: '3.3 lid 2 c',
    tooi: 'c_db4862c3',
    name: 'vergaderstukken decentrale overheden',
  },
  {
    code: '009',
    article: '3.3 lid 2 d',
    tooi: 'c_3a248e3a',
    name: "agenda's en besluitenlijsten bestuurscolleges",
  },
  { code: '010', article: '3.3 lid 2 e', tooi: 'c_99a836c7', name: 'adviezen' },
  { code: '011', article: '3.3 lid 2 f', tooi: 'c_8fc2335c', name: 'convenanten' },
  { code: '012', article: '3.3 lid 2 g', tooi: 'c_c6cd1213', name: 'jaarplannen en jaarverslagen' },
  {
    code: '013',
    article: '3.3 lid 2 h',
    tooi: 'c_cf268088',
    name: 'subsidieverplichtingen anders dan met beschikking',
  },
  { code: '014', article: '3.3 lid 2 i', tooi: 'c_3baef532', name: 'Woo-verzoeken en -besluiten' },
  { code: '015', article: '3.3 lid 2 j', tooi: 'c_fdaee95e', name: 'onderzoeksrapporten' },
  { code: '016', article: '3.3 lid 2 k', tooi: 'c_46a81018', name: 'beschikkingen' },
  { code: '017', article: '3.3 lid 2 l', tooi: 'c_a870c43d', name: 'klachtoordelen' },
] as const

export type WooCategoryInfo = (typeof WOO_CATEGORIES)[number]

/** The TOOI thesaurus 'kern', where the categories and the kinds of handling are defined. */
export const TOOI_KERN = 'https://identifier.overheid.nl/tooi/def/thes/kern/'

/** The DiWoo kinds of handling of a document (documenthandeling/soortHandeling). */
export const WOO_HANDLINGS = {
  ontvangst: 'c_dfcee535',
  vaststelling: 'c_641ecd76',
  ondertekening: 'c_e1ec050e',
} as const

const CODES = WOO_CATEGORIES.map((category) => category.code) as [
  WooCategoryInfo['code'],
  ...WooCategoryInfo['code'][],
]

/** A Woo information category as the API reads and writes it: its three-digit number. */
export const WooCategory = z.enum(CODES, {
  error: 'Kies een Woo-informatiecategorie uit de lijst.',
})
export type WooCategory = z.infer<typeof WooCategory>

export const wooCategoryInfo = (code: WooCategory): WooCategoryInfo =>
  WOO_CATEGORIES.find((category) => category.code === code)!

/** The category's TOOI identifier, as DiWoo metadata names it (`resource`). */
export const wooCategoryUri = (code: WooCategory) => `${TOOI_KERN}${wooCategoryInfo(code).tooi}`

/** The category's name as a label on a screen: its TOOI name with a capital first letter. */
export function wooCategoryLabel(code: WooCategory): string {
  const { name } = wooCategoryInfo(code)
  return name.charAt(0).toUpperCase() + name.slice(1)
}
