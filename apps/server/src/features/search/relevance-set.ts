import type { Judgement } from './relevance-score.ts'

/** What a query tests of the search. */
export type QueryKind = 'word' | 'words' | 'word form' | 'synonym' | 'theme' | 'typo' | 'compound'

export interface RelevanceCase {
  query: string
  kind: QueryKind
  /** The documents that should come first, by title (over the demo catalogue). */
  relevant: Judgement[]
}

/** Any title with this word as a whole word, whatever its case. */
const word = (text: string) => new RegExp(`(^|[^\\p{L}])${text}($|[^\\p{L}])`, 'iu')

const CITY_BIKE_DOCUMENTS = [
  'Fietsenstallingen in de binnenstad',
  'Beleidsnota fietsparkeren binnenstad 2025-2030',
]

/**
 * Dutch queries over the demo catalogue (apps/server/demo: the CBS records and the city's
 * documents) with the documents a visitor would want first. Judged by what the query
 * asks, not by what the search finds today.
 */
export const RELEVANCE_SET: RelevanceCase[] = [
  // Titles with the word asked for come before documents that only have a synonym.
  { query: 'bevolking', kind: 'word', relevant: [word('bevolking')] },
  { query: 'werkloosheid', kind: 'word', relevant: [word('werkloosheid')] },
  { query: 'toerisme', kind: 'word', relevant: [word('toerisme'), /^Toeristische/] },
  { query: 'bijstand', kind: 'word', relevant: [word('bijstand'), /^Bijstandsuitkeringen/] },
  { query: 'wmo', kind: 'word', relevant: [/^Wmo-/, /WMO-zorg/] },
  {
    query: 'jaarverslag',
    kind: 'word',
    relevant: ['Jaarverslag en jaarrekening 2024, samenvatting'],
  },
  {
    query: 'afvalinzameling',
    kind: 'word',
    relevant: ['Afvalinzameling: ingezamelde hoeveelheden per maand 2024'],
  },
  { query: 'asielverzoek', kind: 'word form', relevant: [/^Asielverzoeken/] },
  { query: 'geboorten', kind: 'word form', relevant: [word('geboorte')] },
  {
    query: 'energielabels woningen',
    kind: 'words',
    relevant: [
      'Energielabels van woningen per wijk',
      'Woningen met energielabels; eigendom woning, bouwjaar en regio',
    ],
  },
  {
    query: 'leerlingen basisscholen',
    kind: 'words',
    relevant: ['Leerlingenaantallen basisscholen 2019-2025'],
  },
  { query: 'gezondheid zorggebruik', kind: 'words', relevant: [/^Gezondheid en zorggebruik/] },
  {
    query: 'verkeersongevallen wijk',
    kind: 'words',
    relevant: ['Verkeersongevallen per wijk 2020-2024'],
  },
  // A synonym of a theme finds the theme's documents, the word asked for first.
  { query: 'inwoners', kind: 'synonym', relevant: [word('inwoners')] },
  { query: 'demografie', kind: 'synonym', relevant: [word('bevolking'), /^Demografische/] },
  { query: 'rijwiel', kind: 'synonym', relevant: CITY_BIKE_DOCUMENTS },
  { query: 'afval', kind: 'synonym', relevant: [/(^|[^\p{L}])afval/iu] },
  { query: 'misdrijven', kind: 'synonym', relevant: [word('misdrijven'), word('misdrijf')] },
  { query: 'omgevingsvisie', kind: 'synonym', relevant: ['Omgevingsvisie Voorbeeldstad 2040'] },
  {
    query: 'woningbouw',
    kind: 'synonym',
    relevant: [
      'Woningbouwlocaties 2023-2030',
      'Woningbouwprogramma 2024-2030',
      'Raadsinformatiebrief voortgang woningbouw 2024',
    ],
  },
  {
    query: 'parkeren',
    kind: 'synonym',
    relevant: [
      'Parkeergarages en P+R-terreinen',
      'Dashboard parkeerbezetting',
      'Beleidsnota fietsparkeren binnenstad 2025-2030',
    ],
  },
  { query: 'bomen', kind: 'synonym', relevant: ['Bomenregister gemeentelijke bomen'] },
  { query: 'begroting', kind: 'synonym', relevant: [/begroting/i] },
  // A theme's name.
  {
    query: 'veiligheid',
    kind: 'theme',
    relevant: ['Veiligheidsbeeld Voorbeeldstad 2023', word('veiligheid')],
  },
  { query: 'zorg en welzijn', kind: 'theme', relevant: [word('zorg'), word('welzijn')] },
  // Typos.
  { query: 'bevolkng', kind: 'typo', relevant: [word('bevolking')] },
  {
    query: 'luchtkwalitet',
    kind: 'typo',
    relevant: ['Meetpunten luchtkwaliteit', 'Luchtkwaliteit: maandgemiddelden per meetpunt 2024'],
  },
  // Compounds: the query word is the head or the tail of a title word.
  { query: 'fiets', kind: 'compound', relevant: CITY_BIKE_DOCUMENTS },
  { query: 'fietsenstalling', kind: 'compound', relevant: ['Fietsenstallingen in de binnenstad'] },
  {
    query: 'financien overheid',
    kind: 'compound',
    relevant: ['Overheidsfinanciën; kerncijfers'],
  },
]
