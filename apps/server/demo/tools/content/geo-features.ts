// Generated features for the map documents: seeded, so every run places them identically.
import { Dice, STREETS, WIJKEN, pointIn, round6, wijkByName } from '../lib/random.ts'
import type { Feature, Position } from '../lib/types.ts'

export function point(
  id: string,
  coordinates: Position,
  properties: Feature['properties'],
): Feature {
  return { type: 'Feature', id, geometry: { type: 'Point', coordinates }, properties }
}

/** A small rectangle (project area) around a centre point, closed ring as GeoJSON requires. */
export function plot(center: Position, halfWidth: number, halfHeight: number): Position[][] {
  const [x, y] = center
  const ring: Position[] = [
    [round6(x - halfWidth), round6(y - halfHeight)],
    [round6(x + halfWidth), round6(y - halfHeight)],
    [round6(x + halfWidth), round6(y + halfHeight)],
    [round6(x - halfWidth), round6(y + halfHeight)],
  ]
  const first = ring[0] as Position
  return [[...ring, first]]
}

export function fietsenstallingen(): Feature[] {
  const dice = new Dice(101)
  const binnenstad = wijkByName('Binnenstad')
  const bewaakt = ['Stationsplein', 'Graanmarkt', 'Oude Gracht', 'Kerkplein']
  const features: Feature[] = bewaakt.map((straat, i) =>
    point(`FS${String(i + 1).padStart(3, '0')}`, pointIn(dice, binnenstad), {
      naam: `Bewaakte fietsenstalling ${straat}`,
      type: 'Bewaakte fietsenstalling',
      capaciteit: [1450, 620, 380, 260][i] ?? 300,
      overdekt: true,
      gratis: i > 0,
      openingstijden:
        i === 0 ? 'dagelijks 5.00-1.30' : 'maandag-zaterdag 7.00-23.00, zondag 11.00-19.00',
      adres: `${straat} ${dice.int(1, 60)}`,
      wijk: 'Binnenstad',
      opmerking:
        i === 0
          ? 'Eerste 24 uur gratis; plaatsen voor bakfietsen en oplaadpunten voor elektrische fietsen.'
          : 'Gratis bewaakt stallen tijdens openingstijden; toezicht door stallingsmedewerkers.',
    }),
  )
  for (let i = 0; i < 30; i++) {
    const kind = dice.pick(['Fietsenrek', 'Fietsenrek', 'Fietsnietjes', 'Fietstrommel'] as const)
    const straat = dice.pick(STREETS)
    const wijk = i < 22 ? binnenstad : wijkByName(dice.pick(['Noord', 'Oost', 'Zuid', 'West']))
    const capaciteit =
      kind === 'Fietstrommel'
        ? 5
        : kind === 'Fietsnietjes'
          ? dice.int(4, 16) * 2
          : dice.int(3, 20) * 10
    features.push(
      point(`FS${String(i + 5).padStart(3, '0')}`, pointIn(dice, wijk), {
        naam: `${kind} ${straat}`,
        type:
          kind === 'Fietstrommel'
            ? 'Buurtstalling (fietstrommel)'
            : `Onbewaakte stalling (${kind.toLowerCase()})`,
        capaciteit,
        overdekt: kind === 'Fietstrommel',
        gratis: kind !== 'Fietstrommel',
        openingstijden: 'altijd toegankelijk',
        adres: `${straat} ${dice.int(1, 120)}`,
        wijk: wijk.name,
        opmerking:
          kind === 'Fietstrommel'
            ? 'Afsluitbare fietstrommel voor bewoners; een plek huren kan via de gemeente.'
            : dice.pick([
                'Weesfietsen worden na 28 dagen verwijderd.',
                'Maximale parkeerduur 14 dagen.',
                'Bij de ingang van het winkelgebied.',
              ]),
      }),
    )
  }
  return features
}

export function afvalcontainers(): Feature[] {
  const dice = new Dice(202)
  const fracties = [
    'Restafval',
    'Restafval',
    'Papier en karton',
    'Glas',
    'PMD (plastic, metalen verpakkingen en drankenkartons)',
    'Textiel',
    'GFT (groente-, fruit- en tuinafval)',
  ]
  const features: Feature[] = []
  for (let i = 0; i < 42; i++) {
    const wijk = dice.pick(WIJKEN.filter((w) => w.name !== 'Buitengebied'))
    const fractie = dice.pick(fracties)
    const metPas = fractie === 'Restafval' || fractie.startsWith('GFT')
    features.push(
      point(`OC${String(i + 1).padStart(4, '0')}`, pointIn(dice, wijk), {
        containernummer: `OC-${wijk.code}-${String(i + 1).padStart(3, '0')}`,
        fractie,
        adres: `${dice.pick(STREETS)} ${dice.int(1, 90)}`,
        wijk: wijk.name,
        toegang: metPas ? 'alleen met milieupas' : 'vrij toegankelijk',
        volume_m3: dice.pick([3, 4, 5]),
        lediging: dice.pick([
          'wekelijks',
          'twee keer per week',
          'op signaal van de vulgraadsensor',
        ]),
        plaatsingsjaar: dice.int(2012, 2024),
      }),
    )
  }
  return features
}

export function speelplaatsen(): Feature[] {
  const dice = new Dice(303)
  const toestellen = [
    'schommel',
    'glijbaan',
    'zandbak',
    'wipkip',
    'klimrek',
    'duikelrek',
    'kabelbaan',
    'draaimolen',
    'evenwichtsbalk',
    'trampoline',
    'waterpomp met goot',
  ]
  const features: Feature[] = []
  for (let i = 0; i < 36; i++) {
    const wijk = dice.pick(WIJKEN)
    const doelgroep = dice.pick([
      '0-6 jaar',
      '0-6 jaar',
      '6-12 jaar',
      '6-12 jaar',
      '12 jaar en ouder',
    ])
    const set = new Set<string>()
    while (set.size < dice.int(2, 5)) set.add(dice.pick(toestellen))
    const oudere = doelgroep === '12 jaar en ouder'
    features.push(
      point(`SP${String(i + 1).padStart(3, '0')}`, pointIn(dice, wijk), {
        naam: `${oudere ? 'Trapveld' : 'Speeltuin'} ${dice.pick(STREETS)}`,
        doelgroep,
        speeltoestellen: oudere ? 'voetbaldoeltjes, basketbalpaal, pannakooi' : [...set].join(', '),
        ondergrond: dice.pick(['rubbertegels', 'zand', 'kunstgras', 'houtsnippers', 'gras']),
        rolstoeltoegankelijk: dice.chance(0.35),
        omheind: !oudere && dice.chance(0.6),
        laatste_inspectie: `2024-${String(dice.int(1, 12)).padStart(2, '0')}-${String(dice.int(1, 28)).padStart(2, '0')}`,
        wijk: wijk.name,
      }),
    )
  }
  return features
}

export function bomen(): Feature[] {
  const dice = new Dice(404)
  const soorten = [
    'Zomereik (Quercus robur)',
    'Gewone es (Fraxinus excelsior)',
    'Winterlinde (Tilia cordata)',
    'Noorse esdoorn (Acer platanoides)',
    'Plataan (Platanus x hispanica)',
    'Ruwe berk (Betula pendula)',
    'Paardenkastanje (Aesculus hippocastanum)',
    'Zwarte els (Alnus glutinosa)',
    'Sierpeer (Pyrus calleryana)',
    'Haagbeuk (Carpinus betulus)',
    'Japanse sierkers (Prunus serrulata)',
    'Moerascipres (Taxodium distichum)',
  ]
  const features: Feature[] = []
  for (let i = 0; i < 120; i++) {
    const wijk = dice.pick(WIJKEN)
    const plantjaar = dice.int(1925, 2023)
    const leeftijd = 2025 - plantjaar
    const hoogte =
      leeftijd > 60
        ? '15-18 m'
        : leeftijd > 40
          ? '12-15 m'
          : leeftijd > 20
            ? '9-12 m'
            : leeftijd > 8
              ? '6-9 m'
              : '0-6 m'
    features.push(
      point(`BM${String(i + 1).padStart(5, '0')}`, pointIn(dice, wijk), {
        boomnummer: `${wijk.code}-${String(1000 + i * 7)}`,
        boomsoort: dice.pick(soorten),
        plantjaar,
        hoogteklasse: hoogte,
        stamdiameter_cm: Math.max(8, Math.round(leeftijd * dice.num(0.8, 1.3, 2))),
        conditie: dice.pick(['goed', 'goed', 'goed', 'redelijk', 'redelijk', 'matig', 'slecht']),
        monumentaal: leeftijd > 80 && dice.chance(0.6),
        straat: dice.pick(STREETS),
        wijk: wijk.name,
      }),
    )
  }
  return features
}
