// Row generators for the CSV datasets; each uses its own seed so they stay independent.
import { Dice, STREETS, WIJKEN } from '../lib/random.ts'
import type { Cell } from '../lib/types.ts'
import { MEETPUNTEN, SCHOLEN } from './shared.ts'

const MAANDEN = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
]
const INWONERS = 86000

export function afvalRows(): Cell[][] {
  const dice = new Dice(501)
  // Typical kilograms per inhabitant per year for a mid-sized Dutch city.
  const fracties: [string, string, number][] = [
    ['Restafval', 'ondergrondse container en minicontainer', 152],
    ['GFT', 'minicontainer en ondergrondse container', 96],
    ['Papier en karton', 'minicontainer en ondergrondse container', 48],
    ['Glas', 'glasbak', 22],
    ['PMD', 'zak en ondergrondse container', 34],
    ['Textiel', 'textielcontainer', 6],
    ['Grof huishoudelijk afval', 'milieustraat en ophaaldienst', 58],
  ]
  const rows: Cell[][] = []
  MAANDEN.forEach((maand, m) => {
    const seizoen = m >= 3 && m <= 9 ? 1.15 : 0.9
    for (const [fractie, methode, perJaar] of fracties) {
      const factor = fractie === 'GFT' ? seizoen : 1
      const kg = Math.round(((perJaar * INWONERS) / 12) * factor * dice.num(0.92, 1.08, 3))
      rows.push([
        `2024-${String(m + 1).padStart(2, '0')}`,
        maand,
        fractie,
        methode,
        kg,
        Math.round((kg / INWONERS) * 100) / 100,
      ])
    }
    if (m >= 9) {
      const kg = dice.int(38000, 61000)
      rows.push([
        `2024-${String(m + 1).padStart(2, '0')}`,
        maand,
        'Blad',
        'bladkorven in de straat',
        kg,
        Math.round((kg / INWONERS) * 100) / 100,
      ])
    }
  })
  return rows
}

export function bevolkingRows(): Cell[][] {
  const dice = new Dice(502)
  return WIJKEN.map((w) => {
    const shares = [0.16, 0.12, 0.25, 0.26, 0.15].map((s) => s * dice.num(0.85, 1.15, 3))
    const groups = shares.map((s) => Math.round(w.inwoners * s))
    const plus80 = w.inwoners - groups.reduce((a, b) => a + b, 0)
    const huishoudens = Math.round(w.inwoners / dice.num(1.7, 2.6, 2))
    const hectare = w.name === 'Buitengebied' ? 2480 : dice.int(120, 420)
    return [
      w.code,
      w.name,
      w.inwoners,
      ...groups,
      Math.max(plus80, 150),
      huishoudens,
      Math.round((w.inwoners / huishoudens) * 100) / 100,
      hectare,
      Math.round(w.inwoners / hectare),
    ]
  })
}

export function luchtRows(): Cell[][] {
  const dice = new Dice(503)
  const rows: Cell[][] = []
  for (const m of MEETPUNTEN) {
    MAANDEN.forEach((_, i) => {
      // Winter months have more NO2 (heating, less mixing); spring has more fine dust.
      const winter = i <= 1 || i >= 10 ? 1.25 : i >= 5 && i <= 7 ? 0.8 : 1
      rows.push([
        m.id,
        m.naam,
        `2024-${String(i + 1).padStart(2, '0')}`,
        Math.round(m.no2 * winter * dice.num(0.9, 1.1, 3) * 10) / 10,
        Math.round(m.pm10 * dice.num(0.85, 1.2, 3) * 10) / 10,
        Math.round(m.pm25 * dice.num(0.85, 1.2, 3) * 10) / 10,
        m.type === 'Sensor' ? 'indicatief' : 'gevalideerd',
      ])
    })
  }
  return rows
}

export function evenementenRows(): Cell[][] {
  const dice = new Dice(504)
  const evenementen: [string, string, string, number, string][] = [
    ['Nieuwjaarsduik', 'Vlietzoom', 'A', 800, '01-01'],
    ['Carnavalsoptocht', 'Binnenstad', 'B', 12000, '02-11'],
    ['Koningsdag vrijmarkt en podia', 'Binnenstad', 'C', 35000, '04-27'],
    ['Bevrijdingsfestival', 'Zuid', 'C', 22000, '05-05'],
    ['Vlietloop', 'Vlietzoom', 'B', 4500, '05-19'],
    ['Boerenmarkt Esdoorn', 'Buitengebied', 'A', 1500, '06-08'],
    ['Straatfeest Lindelaan', 'Zuid', 'A', 300, '06-22'],
    ['Havenfestival', 'Havenkwartier', 'C', 28000, '07-05'],
    ['Jazz op de Kade', 'Havenkwartier', 'B', 6000, '07-20'],
    ['Zomerkermis Marktplein', 'Binnenstad', 'B', 15000, '08-10'],
    ['Wielerronde van Voorbeeldstad', 'Binnenstad', 'B', 9000, '08-25'],
    ['Open Monumentendag', 'Binnenstad', 'A', 5000, '09-14'],
    ['Braderie Noord', 'Noord', 'A', 7000, '09-21'],
    ['Buurtbarbecue Beukenhof', 'Noord', 'A', 120, '09-28'],
    ['Halloween spooktocht', 'West', 'A', 600, '10-31'],
    ['Intocht Sinterklaas', 'Binnenstad', 'B', 8000, '11-16'],
    ['Kerstmarkt Graanmarkt', 'Binnenstad', 'B', 20000, '12-14'],
    ['Oud en nieuw vreugdevuur', 'Buitengebied', 'B', 2500, '12-31'],
    ['Sportdag basisscholen', 'Noord', 'A', 1400, '06-12'],
    ['Fietstocht Rondje Voorbeeldstad', 'Oost', 'A', 900, '05-26'],
    ['Dance Event Polderpop', 'Buitengebied', 'C', 14000, '08-17'],
    ['Burendag Vlietzoom', 'Vlietzoom', 'A', 250, '09-27'],
    ['Culinair Festival Oude Gracht', 'Binnenstad', 'B', 11000, '06-01'],
    ['Circus op het Bleekveld', 'Binnenstad', 'B', 3000, '04-10'],
  ]
  return evenementen.map(([naam, wijk, categorie, bezoekers, datum], i) => {
    const besluit =
      i === 20
        ? 'verleend met aanvullende voorwaarden geluid'
        : i === 17
          ? 'geweigerd (brandveiligheid)'
          : categorie === 'C'
            ? 'verleend met voorwaarden'
            : 'verleend'
    const dagen = categorie === 'C' ? dice.int(1, 3) : 1
    const start = new Date(`2024-${datum}T00:00:00Z`)
    const einde = new Date(start.getTime() + (dagen - 1) * 86_400_000).toISOString().slice(0, 10)
    return [
      `EVV-2024-${String(i + 1).padStart(4, '0')}`,
      naam,
      categorie,
      `${dice.pick(STREETS)}`,
      wijk,
      `2024-${datum}`,
      einde,
      bezoekers,
      besluit,
    ]
  })
}

export function ongevallenRows(): Cell[][] {
  const dice = new Dice(505)
  const rows: Cell[][] = []
  for (let jaar = 2020; jaar <= 2024; jaar++) {
    for (const w of WIJKEN) {
      const basis = w.name === 'Binnenstad' ? 90 : w.name === 'Buitengebied' ? 45 : 60
      const schade = Math.round(basis * dice.num(0.8, 1.2, 2) * (jaar === 2020 ? 0.8 : 1))
      const letsel = Math.round(schade * dice.num(0.12, 0.22, 3))
      const dodelijk =
        w.name === 'Buitengebied' || w.name === 'West' ? (dice.chance(0.3) ? 1 : 0) : 0
      for (const [ernst, aantal] of [
        ['uitsluitend materiële schade', schade],
        ['letsel', letsel],
        ['dodelijk', dodelijk],
      ] as const) {
        const fiets = Math.round(aantal * dice.num(0.15, 0.4, 2))
        rows.push([
          jaar,
          w.code,
          w.name,
          ernst,
          aantal,
          fiets,
          Math.round(aantal * dice.num(0.02, 0.08, 2)),
          Math.round(aantal * dice.num(0.03, 0.1, 2)),
        ])
      }
    }
  }
  return rows
}

export function agrarischRows(): Cell[][] {
  const dice = new Dice(506)
  const typen = [
    'melkveehouderij',
    'melkveehouderij',
    'akkerbouw',
    'varkenshouderij',
    'pluimveehouderij',
    'fruitteelt',
    'glastuinbouw',
    'zorgboerderij',
    'paardenhouderij',
  ]
  const neven = [
    'geen',
    'boerderijwinkel',
    'kampeerplaatsen',
    'zonnepanelen op de stal',
    'kinderopvang op de boerderij',
    'agrarisch natuurbeheer',
  ]
  const wegen = ['Dorpsweg', 'Polderweg', 'Esdoornweg', 'Dijkweg', 'Kerkpad', 'Veldweg']
  return Array.from({ length: 28 }, (_, i) => {
    const type = dice.pick(typen)
    const vee = type.endsWith('houderij') ? dice.int(40, 420) : 0
    return [
      `AGR-${String(i + 1).padStart(3, '0')}`,
      `${dice.pick(wegen)} ${dice.int(1, 140)}`,
      type,
      dice.num(4, type === 'akkerbouw' ? 120 : 75, 1),
      vee,
      dice.chance(0.18) ? 'ja' : 'nee',
      dice.pick(neven),
    ]
  })
}

export function leerlingenRows(): Cell[][] {
  const dice = new Dice(507)
  const rows: Cell[][] = []
  for (const s of SCHOLEN.filter((x) => x.soort !== 'Voortgezet onderwijs')) {
    let aantal = Math.round(s.leerlingen * dice.num(0.85, 1.1, 3))
    for (let jaar = 2019; jaar <= 2024; jaar++) {
      rows.push([
        `${jaar}-${jaar + 1}`,
        s.brin,
        s.naam,
        s.soort,
        s.denominatie,
        s.wijk,
        jaar === 2024 ? s.leerlingen : aantal,
      ])
      aantal = Math.round(aantal * dice.num(0.96, 1.05, 3))
    }
  }
  return rows
}
