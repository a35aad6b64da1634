// Row generators and fixed tables for the Excel datasets.
import { Dice, WIJKEN } from '../lib/random.ts'
import type { Cell } from '../lib/types.ts'
import { PARKEERGARAGES } from './shared.ts'

export const JAREN = [2025, 2030, 2035, 2040]

/** Population forecast: growth follows the housing programme, so Havenkwartier and Vlietzoom grow. */
export function prognoseRows(): Cell[][] {
  const groei: Record<string, number> = {
    Havenkwartier: 0.03,
    Vlietzoom: 0.02,
    Noord: 0.008,
    Oost: 0.006,
  }
  return WIJKEN.map((w) => {
    const g = groei[w.name] ?? 0.001
    return [w.code, w.name, ...JAREN.map((j) => Math.round(w.inwoners * (1 + g) ** (j - 2024)))]
  })
}

export function leeftijdRows(): Cell[][] {
  const dice = new Dice(601)
  return WIJKEN.map((w) => {
    const total = Math.round(w.inwoners * 1.1)
    const parts = [0.15, 0.11, 0.24, 0.23, 0.17].map((p) =>
      Math.round(total * p * dice.num(0.9, 1.1, 3)),
    )
    return [w.name, ...parts, Math.max(0, total - parts.reduce((a, b) => a + b, 0))]
  })
}

export const PROGRAMMAS: [string, number, number][] = [
  ['1. Bestuur en dienstverlening', 18_420, 3_150],
  ['2. Veiligheid', 9_870, 640],
  ['3. Verkeer, vervoer en openbare ruimte', 31_260, 6_980],
  ['4. Economie en toerisme', 4_310, 2_870],
  ['5. Onderwijs', 12_940, 1_520],
  ['6. Sport, cultuur en recreatie', 16_780, 4_210],
  ['7. Sociaal domein', 98_350, 14_630],
  ['8. Volksgezondheid en milieu', 21_470, 19_880],
  ['9. Wonen en ruimtelijke ontwikkeling', 14_620, 11_940],
  ['10. Algemene dekkingsmiddelen', 3_120, 188_540],
]

export const TAAKVELDEN: Cell[][] = [
  [
    '3. Verkeer, vervoer en openbare ruimte',
    '2.1',
    'Verkeer, wegen, straten en pleinen',
    14_880,
    1_210,
  ],
  ['3. Verkeer, vervoer en openbare ruimte', '2.2', 'Parkeren', 3_940, 5_420],
  [
    '3. Verkeer, vervoer en openbare ruimte',
    '5.7',
    'Openbaar groen en (openlucht) recreatie',
    8_760,
    350,
  ],
  [
    '9. Wonen en ruimtelijke ontwikkeling',
    '8.2',
    'Grondexploitatie, waaronder verkoop snippergroen aan bewoners',
    6_420,
    9_870,
  ],
  [
    '9. Wonen en ruimtelijke ontwikkeling',
    '8.3',
    'Wonen en bouwen, omgevingsvergunningen',
    4_310,
    2_070,
  ],
  ['7. Sociaal domein', '6.71', 'Maatwerkdienstverlening 18+ (Wmo)', 21_640, 1_320],
  ['7. Sociaal domein', '6.72', 'Maatwerkdienstverlening 18- (jeugdhulp)', 27_910, 0],
  ['7. Sociaal domein', '6.3', 'Inkomensregelingen (Participatiewet)', 31_280, 12_940],
  ['8. Volksgezondheid en milieu', '7.3', 'Afval', 11_760, 13_210],
  ['8. Volksgezondheid en milieu', '7.2', 'Riolering', 6_930, 6_670],
]

export function bezettingRows(): Cell[][] {
  const dice = new Dice(602)
  const rows: Cell[][] = []
  for (const g of PARKEERGARAGES.slice(0, 6)) {
    for (const dag of ['werkdag', 'zaterdag', 'zondag']) {
      for (let uur = 7; uur <= 23; uur++) {
        // Shopping peaks on Saturday afternoon; the hospital garage is busiest on weekdays.
        const piek =
          dag === 'zaterdag'
            ? 0.9
            : dag === 'zondag'
              ? 0.55
              : g.naam.includes('Ziekenhuis')
                ? 0.92
                : 0.75
        const curve = Math.exp(-((uur - 14) ** 2) / 18)
        const pct = Math.min(100, Math.round((0.08 + piek * curve) * 100 * dice.num(0.93, 1.07, 3)))
        rows.push([
          g.naam,
          dag,
          `${String(uur).padStart(2, '0')}:00`,
          pct,
          Math.round((g.capaciteit * pct) / 100),
        ])
      }
    }
  }
  return rows
}

export function energielabelRows(): Cell[][] {
  const dice = new Dice(603)
  return WIJKEN.map((w) => {
    const woningen = Math.round(w.inwoners / 2.1)
    const nieuw = ['Havenkwartier', 'Vlietzoom'].includes(w.name)
      ? 1.8
      : w.name === 'Binnenstad'
        ? 0.6
        : 1
    const weights = [0.08 * nieuw, 0.22 * nieuw, 0.2, 0.2, 0.12, 0.1, 0.08].map(
      (x) => x * dice.num(0.8, 1.2, 3),
    )
    const sum = weights.reduce((a, b) => a + b, 0)
    const counts = weights.map((x) => Math.round((woningen * x) / sum))
    const ab = ((counts[0] ?? 0) + (counts[1] ?? 0)) / woningen
    const efg = ((counts[4] ?? 0) + (counts[5] ?? 0) + (counts[6] ?? 0)) / woningen
    return [w.name, woningen, ...counts, Math.round(ab * 1000) / 10, Math.round(efg * 1000) / 10]
  })
}

export function wmoRows(): Cell[][] {
  const dice = new Dice(604)
  const voorzieningen: [string, number][] = [
    ['Hulp bij het huishouden', 1650],
    ['Individuele begeleiding', 720],
    ['Dagbesteding', 480],
    ['Woningaanpassing', 160],
    ['Rolstoel', 390],
    ['Scootmobiel', 520],
    ['Wmo-vervoer (regiotaxi)', 2300],
    ['Beschermd wonen', 95],
    ['Kortdurend verblijf (respijtzorg voor mantelzorgers)', 60],
  ]
  return voorzieningen.map(([naam, totaal]) => [
    naam,
    ...WIJKEN.map((w) => Math.round(((totaal * w.inwoners) / 86000) * dice.num(0.8, 1.25, 3))),
  ])
}

export function uitkeringRows(): Cell[][] {
  const dice = new Dice(605)
  const rows: Cell[][] = []
  for (let jaar = 2020; jaar <= 2024; jaar++) {
    for (const w of WIJKEN) {
      const basis =
        w.name === 'Zuid' || w.name === 'West' ? 0.032 : w.name === 'Buitengebied' ? 0.01 : 0.02
      const bijstand = Math.round(
        w.inwoners * basis * dice.num(0.9, 1.1, 3) * (jaar === 2021 ? 1.08 : 1),
      )
      rows.push([
        jaar,
        w.name,
        bijstand,
        Math.round(bijstand * 0.06),
        Math.round(bijstand * dice.num(0.1, 0.18, 3)),
        Math.round(bijstand * dice.num(0.25, 0.4, 3)),
      ])
    }
  }
  return rows
}
