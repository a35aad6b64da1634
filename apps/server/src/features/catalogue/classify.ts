import { normalizeText } from '../../shared/text.ts'

/**
 * Catalogue records arrive without themes (the CBS source has none). These word stems,
 * matched at the start of words of the title and description, give each record up to
 * three themes of the portal's vocabulary; a record that matches none keeps none.
 */
const RULES: ReadonlyArray<readonly [theme: string, stems: readonly string[]]> = [
  [
    'Asiel en integratie',
    [
      'asiel',
      'vluchteling',
      'immigra',
      'allochto',
      'herkomst',
      'nationaliteit',
      'statushoud',
      'inburger',
    ],
  ],
  [
    'Bevolking',
    [
      'bevolking',
      'inwoner',
      'geboorte',
      'sterfte',
      'overled',
      'huishouden',
      'demografi',
      'leeftijd',
      'migratie',
      'verhuiz',
    ],
  ],
  ['Wonen', ['woning', 'wonen', 'huur', 'koopwoning', 'woonruimte', 'huisvest', 'woz']],
  [
    'Werk en inkomen',
    [
      'banen',
      'lonen',
      'loon',
      'werkgelegenheid',
      'arbeid',
      'werkloos',
      'werkzame',
      'uitkering',
      'inkomen',
      'werknemer',
      'beroepsbevolking',
      'pensioen',
    ],
  ],
  [
    'Economie',
    [
      'bedrijf',
      'economi',
      'omzet',
      'handel',
      'export',
      'invoer',
      'uitvoer',
      'investering',
      'prijs',
      'prijzen',
      'inflatie',
      'industrie',
      'ondernem',
      'faillissement',
      'nationale rekeningen',
    ],
  ],
  ['Onderwijs', ['onderwijs', 'school', 'scholier', 'leerling', 'student', 'diploma', 'opleiding']],
  [
    'Zorg en welzijn',
    [
      'zorg',
      'gezondheid',
      'ziekte',
      'ziekenhuis',
      'medisch',
      'welzijn',
      'jeugdhulp',
      'doodsoorza',
      'leefstijl',
      'geneesmiddel',
    ],
  ],
  [
    'Verkeer en vervoer',
    [
      'verkeer',
      'vervoer',
      'mobiliteit',
      'motorvoertuig',
      'voertuig',
      'personenauto',
      'spoor',
      'luchtvaart',
      'scheepvaart',
      'luchthaven',
      'haven',
      'wegen',
    ],
  ],
  ['Fiets', ['fiets', 'rijwiel']],
  [
    'Veiligheid',
    [
      'misdrijf',
      'misdrijv',
      'criminal',
      'politie',
      'veiligheid',
      'slachtoffer',
      'verdacht',
      'justiti',
      'strafrecht',
      'gedetineerd',
    ],
  ],
  [
    'Milieu en energie',
    [
      'milieu',
      'energie',
      'emissie',
      'afval',
      'klimaat',
      'luchtverontreinig',
      'duurzaam',
      'elektriciteit',
      'aardgas',
      'broeikas',
    ],
  ],
  ['Openbare ruimte', ['groen', 'natuur', 'recreatiegebied', 'openbare ruimte', 'park']],
  [
    'Cultuur en recreatie',
    [
      'cultuur',
      'sport',
      'recreatie',
      'toerisme',
      'toerist',
      'museum',
      'musea',
      'vakantie',
      'hotel',
      'logies',
      'bibliothe',
    ],
  ],
  [
    'Bestuur',
    [
      'gemeentefinanc',
      'begroting',
      'overheid',
      'verkiezing',
      'belasting',
      'gemeentelijke',
      'provincie',
    ],
  ],
  [
    'Landbouw',
    [
      'landbouw',
      'agrarisch',
      'veeteelt',
      'akkerbouw',
      'gewas',
      'veestapel',
      'melk',
      'tuinbouw',
      'visserij',
      'mest',
    ],
  ],
  [
    'Ruimtelijke ordening',
    [
      'bodemgebruik',
      'ruimtelijk',
      'bestemmingsplan',
      'oppervlakte',
      'grondgebruik',
      'bouwvergunning',
    ],
  ],
]

const MAX_THEMES = 3

const compiled = RULES.map(
  ([theme, stems]) => [theme, new RegExp(`(^|[^\\p{L}])(${stems.join('|')})`, 'u')] as const,
)

export function classifyThemes(title: string, description: string): string[] {
  const titleText = normalizeText(title)
  const fullText = `${titleText} ${normalizeText(description)}`
  const scored = compiled
    .map(([theme, pattern]) => ({
      theme,
      score: (pattern.test(titleText) ? 2 : 0) + (pattern.test(fullText) ? 1 : 0),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
  return scored.slice(0, MAX_THEMES).map((entry) => entry.theme)
}
