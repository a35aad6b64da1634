// Datasets published as CSV files.
import { OPEN_DATA_LICENSE, type Cell, type DemoDocument } from '../lib/types.ts'
import {
  afvalRows,
  agrarischRows,
  bevolkingRows,
  evenementenRows,
  leerlingenRows,
  luchtRows,
  ongevallenRows,
} from './table-rows.ts'

const LOKETTEN: Cell[][] = [
  [
    'Stadhuis, publiekshal',
    'Marktstraat 1',
    'Paspoort, identiteitskaart en rijbewijs aanvragen en ophalen',
    '8.30-17.00',
    '8.30-20.00',
    'ja',
  ],
  [
    'Stadhuis, publiekshal',
    'Marktstraat 1',
    'Verhuizing doorgeven, uittreksel BRP, verklaring omtrent het gedrag (VOG)',
    '8.30-17.00',
    '8.30-20.00',
    'ja',
  ],
  [
    'Stadhuis, publiekshal',
    'Marktstraat 1',
    'Geboorteaangifte en aangifte van overlijden',
    '8.30-17.00',
    '8.30-17.00',
    'nee',
  ],
  [
    'Wijkpunt Noord',
    'Beukenlaan 50',
    'Wmo-loket, hulp bij formulieren, schuldhulpverlening',
    '9.00-12.30',
    'gesloten',
    'nee',
  ],
  [
    'Wijkpunt Zuid',
    'Kastanjelaan 2',
    'Wmo-loket, sociaal raadslieden, jongerenwerk',
    '9.00-16.00',
    'gesloten',
    'nee',
  ],
  [
    'Servicepunt Havenkwartier',
    'Havenkade 10',
    'Parkeervergunningen, milieupas, melding openbare ruimte',
    '10.00-16.00',
    '10.00-19.00',
    'nee',
  ],
  [
    'Milieustraat',
    'Industrieweg 30',
    'Grof afval, klein chemisch afval, elektrische apparaten inleveren',
    '8.00-16.30',
    '8.00-16.30',
    'nee',
  ],
  [
    'Gemeentewerf',
    'Industrieweg 32',
    'Afhalen van zandzakken en strooizout bij calamiteiten',
    '7.30-15.30',
    'gesloten',
    'ja',
  ],
  [
    'Bibliotheek Centrum, informatiepunt digitale overheid',
    'Graanmarkt 20',
    'Hulp bij DigiD, belastingaangifte en toeslagen',
    '10.00-17.00',
    '10.00-20.00',
    'nee',
  ],
]

export function tableDocuments(): DemoDocument[] {
  const dataset = { contentTypeName: 'Dataset', license: OPEN_DATA_LICENSE }
  return [
    {
      key: 'afvalinzameling-2024',
      title: 'Afvalinzameling: ingezamelde hoeveelheden per maand 2024',
      description:
        'Hoeveel huishoudelijk afval is in 2024 per maand ingezameld, per afvalsoort en inzamelmethode, in kilogram en in kilogram per inwoner. Met deze cijfers volgt de gemeente het doel om het restafval terug te brengen naar 100 kilogram per inwoner per jaar.',
      ...dataset,
      sourceFriendlyName: 'Milieu en Duurzaamheid',
      themes: ['Milieu en energie'],
      modified: '2025-01-28',
      files: [
        {
          kind: 'csv',
          name: 'afvalinzameling-2024.csv',
          header: [
            'periode',
            'maand',
            'afvalsoort',
            'inzamelmethode',
            'hoeveelheid_kg',
            'kg_per_inwoner',
          ],
          rows: afvalRows(),
        },
      ],
    },
    {
      key: 'bevolking-per-wijk-2024',
      title: 'Bevolking per wijk naar leeftijd, 1 januari 2024',
      description:
        'Aantal inwoners per wijk op 1 januari 2024, verdeeld over leeftijdsgroepen, met het aantal huishoudens, de gemiddelde huishoudensgrootte en de bevolkingsdichtheid. Bron: Basisregistratie Personen (BRP), bewerking door Onderzoek en Statistiek.',
      ...dataset,
      sourceFriendlyName: 'Onderzoek en Statistiek',
      themes: ['Bevolking'],
      modified: '2024-03-15',
      files: [
        {
          kind: 'csv',
          name: 'bevolking-per-wijk-2024.csv',
          header: [
            'wijkcode',
            'wijk',
            'inwoners',
            'leeftijd_0_14',
            'leeftijd_15_24',
            'leeftijd_25_44',
            'leeftijd_45_64',
            'leeftijd_65_79',
            'leeftijd_80_plus',
            'huishoudens',
            'gemiddelde_huishoudensgrootte',
            'oppervlakte_ha',
            'inwoners_per_ha',
          ],
          rows: bevolkingRows(),
        },
      ],
    },
    {
      key: 'luchtkwaliteit-metingen-2024',
      title: 'Luchtkwaliteit: maandgemiddelden per meetpunt 2024',
      description:
        'Maandgemiddelde concentraties stikstofdioxide (NO2), fijnstof PM10 en PM2,5 in microgram per kubieke meter voor elk meetpunt in de stad. Metingen van de sensoren zijn indicatief; de meetstations zijn gevalideerd.',
      ...dataset,
      sourceFriendlyName: 'Milieu en Duurzaamheid',
      themes: ['Milieu en energie'],
      modified: '2025-02-10',
      files: [
        {
          kind: 'csv',
          name: 'luchtkwaliteit-metingen-2024.csv',
          header: ['meetpunt', 'naam', 'maand', 'no2_ug_m3', 'pm10_ug_m3', 'pm25_ug_m3', 'status'],
          rows: luchtRows(),
        },
      ],
    },
    {
      key: 'evenementenvergunningen-2024',
      title: 'Evenementenvergunningen 2024',
      description:
        'Overzicht van de aangevraagde evenementenvergunningen in 2024 met de risicocategorie (A, B of C), de locatie, de verwachte bezoekersaantallen en het besluit van de burgemeester. Kleine buurtactiviteiten met een melding zijn niet opgenomen.',
      ...dataset,
      sourceFriendlyName: 'Financiën en Bestuur',
      themes: ['Cultuur en recreatie', 'Veiligheid'],
      modified: '2025-01-09',
      files: [
        {
          kind: 'csv',
          name: 'evenementenvergunningen-2024.csv',
          delimiter: ';',
          header: [
            'zaaknummer',
            'evenement',
            'risicocategorie',
            'locatie',
            'wijk',
            'startdatum',
            'einddatum',
            'verwachte_bezoekers',
            'besluit',
          ],
          rows: evenementenRows(),
        },
      ],
    },
    {
      key: 'verkeersongevallen-2020-2024',
      title: 'Verkeersongevallen per wijk 2020-2024',
      description:
        'Geregistreerde verkeersongevallen per jaar en per wijk, naar ernst: uitsluitend materiële schade, letsel of dodelijk. Per rij staat ook hoeveel ongevallen een fietser, voetganger of bromfietser betrof. Bron: registratie van de politie, bewerkt door de gemeente.',
      ...dataset,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Verkeer en vervoer', 'Veiligheid'],
      modified: '2025-04-22',
      files: [
        {
          kind: 'csv',
          name: 'verkeersongevallen-2020-2024.csv',
          header: [
            'jaar',
            'wijkcode',
            'wijk',
            'ernst',
            'aantal_ongevallen',
            'waarvan_fietser',
            'waarvan_voetganger',
            'waarvan_bromfiets',
          ],
          rows: ongevallenRows(),
        },
      ],
    },
    {
      key: 'agrarische-bedrijven',
      title: 'Agrarische bedrijven in het buitengebied',
      description:
        'Lijst van de agrarische bedrijven in het buitengebied van Voorbeeldstad met het soort bedrijf, de oppervlakte grond, het aantal grootvee-eenheden, of het bedrijf biologisch werkt en eventuele nevenactiviteiten. Gebruikt voor het omgevingsplan en de gebiedsgerichte aanpak stikstof.',
      ...dataset,
      sourceFriendlyName: 'Ruimtelijke Ordening',
      themes: ['Landbouw', 'Economie'],
      modified: '2021-10-12',
      files: [
        {
          kind: 'csv',
          name: 'agrarische-bedrijven.csv',
          header: [
            'bedrijfsnummer',
            'adres',
            'bedrijfstype',
            'oppervlakte_ha',
            'grootvee_eenheden',
            'biologisch',
            'nevenactiviteit',
          ],
          rows: agrarischRows(),
        },
      ],
    },
    {
      key: 'leerlingenaantallen-basisscholen',
      title: 'Leerlingenaantallen basisscholen 2019-2025',
      description:
        'Aantal leerlingen per basisschool en school voor speciaal basisonderwijs op 1 oktober van elk schooljaar, van 2019-2020 tot en met 2024-2025. De cijfers zijn de basis voor de leerlingenprognose en het huisvestingsplan onderwijs.',
      ...dataset,
      sourceFriendlyName: 'Sociaal Domein',
      themes: ['Onderwijs'],
      modified: '2024-10-01',
      files: [
        {
          kind: 'csv',
          name: 'leerlingenaantallen-basisscholen.csv',
          header: ['schooljaar', 'brin', 'school', 'soort', 'denominatie', 'wijk', 'leerlingen'],
          rows: leerlingenRows(),
        },
      ],
    },
    {
      key: 'gemeentelijke-loketten',
      wooCategory: '005',
      title: 'Loketten en openingstijden van de gemeente',
      description:
        'Waar u terecht kunt voor producten en diensten van de gemeente, met adres en openingstijden op werkdagen en op de koopavond, en of u eerst een afspraak moet maken.',
      contentTypeName: 'Overig',
      license: OPEN_DATA_LICENSE,
      sourceFriendlyName: 'Financiën en Bestuur',
      themes: [],
      modified: '2020-06-15',
      files: [
        {
          kind: 'csv',
          name: 'gemeentelijke-loketten.csv',
          header: [
            'loket',
            'adres',
            'diensten',
            'openingstijden_werkdagen',
            'openingstijden_donderdag',
            'alleen_op_afspraak',
          ],
          rows: LOKETTEN,
        },
      ],
    },
  ]
}
