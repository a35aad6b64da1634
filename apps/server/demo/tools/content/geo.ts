// Map documents: one GeoJSON FeatureCollection each.
import { OPEN_DATA_LICENSE, type DemoDocument } from '../lib/types.ts'
import {
  afvalcontainers,
  bomen,
  fietsenstallingen,
  plot,
  point,
  speelplaatsen,
} from './geo-features.ts'
import { MEETPUNTEN, PARKEERGARAGES, SCHOLEN, WONINGBOUWPROJECTEN } from './shared.ts'

export function geoDocuments(): DemoDocument[] {
  const kaart = { contentTypeName: 'Kaart', license: OPEN_DATA_LICENSE }
  return [
    {
      key: 'fietsenstallingen-binnenstad',
      title: 'Fietsenstallingen in de binnenstad',
      description:
        'Locaties van alle openbare voorzieningen om een fiets te stallen in en rond de binnenstad van Voorbeeldstad: bewaakte stallingen, rekken en nietjes, met capaciteit, openingstijden en of de plek overdekt is. De gegevens worden elk kwartaal bijgewerkt na een telling door de afdeling Verkeer. Gebruik de kaart om een plek te vinden waar u uw fiets veilig kunt neerzetten.',
      ...kaart,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Fiets', 'Verkeer en vervoer'],
      modified: '2025-03-14',
      files: [
        {
          kind: 'geojson',
          name: 'fietsenstallingen-binnenstad.geojson',
          features: fietsenstallingen(),
        },
      ],
    },
    {
      key: 'ondergrondse-afvalcontainers',
      title: 'Ondergrondse afvalcontainers',
      description:
        'Kaart met alle ondergrondse containers voor restafval, papier, glas, PMD, textiel en GFT in Voorbeeldstad. Per container ziet u de afvalsoort, het adres, of u een milieupas nodig hebt en hoe vaak de container wordt geleegd.',
      ...kaart,
      sourceFriendlyName: 'Milieu en Duurzaamheid',
      themes: ['Milieu en energie'],
      modified: '2024-11-05',
      files: [
        {
          kind: 'geojson',
          name: 'ondergrondse-afvalcontainers.geojson',
          features: afvalcontainers(),
        },
      ],
    },
    {
      key: 'woningbouwlocaties',
      title: 'Woningbouwlocaties 2023-2030',
      description:
        'Begrenzing van de woningbouwprojecten in Voorbeeldstad met per project de fase, het aantal sociale huurwoningen, middenhuurwoningen en koopwoningen, en het verwachte jaar van oplevering. Hoort bij het woningbouwprogramma.',
      ...kaart,
      sourceFriendlyName: 'Ruimtelijke Ordening',
      themes: ['Wonen', 'Ruimtelijke ordening'],
      modified: '2025-06-20',
      files: [
        {
          kind: 'geojson',
          name: 'woningbouwlocaties.geojson',
          features: WONINGBOUWPROJECTEN.map((p, i) => ({
            type: 'Feature',
            id: `WB${String(i + 1).padStart(2, '0')}`,
            geometry: { type: 'Polygon', coordinates: plot(p.center, 0.0018, 0.0011) },
            properties: {
              projectnaam: p.naam,
              wijk: p.wijk,
              fase: p.fase,
              sociale_huur: p.socialeHuur,
              middenhuur: p.middenhuur,
              koop: p.koop,
              totaal_woningen: p.socialeHuur + p.middenhuur + p.koop,
              verwachte_oplevering: p.opleverjaar,
              ontwikkelaar: p.ontwikkelaar,
              toelichting: p.toelichting,
            },
          })),
        },
      ],
    },
    {
      key: 'luchtkwaliteit-meetpunten',
      title: 'Meetpunten luchtkwaliteit',
      description:
        'De meetstations en sensoren waarmee de gemeente de luchtkwaliteit meet, met per meetpunt het jaargemiddelde van stikstofdioxide (NO2) en fijnstof (PM10 en PM2,5) over 2024. Alle meetpunten blijven onder de Europese grenswaarden; een aantal ligt boven de advieswaarden van de Wereldgezondheidsorganisatie.',
      ...kaart,
      sourceFriendlyName: 'Milieu en Duurzaamheid',
      themes: ['Milieu en energie', 'Zorg en welzijn'],
      modified: '2025-02-10',
      files: [
        {
          kind: 'geojson',
          name: 'luchtkwaliteit-meetpunten.geojson',
          features: MEETPUNTEN.map((m) =>
            point(m.id, m.position, {
              meetpunt: m.id,
              naam: m.naam,
              type: m.type === 'Sensor' ? 'Sensor (indicatieve meting)' : m.type,
              wijk: m.wijk,
              no2_jaargemiddelde_2024: m.no2,
              pm10_jaargemiddelde_2024: m.pm10,
              pm25_jaargemiddelde_2024: m.pm25,
              eenheid: 'microgram per kubieke meter',
              beoordeling:
                m.no2 > 25
                  ? 'Onder de Europese grenswaarde, boven de WHO-advieswaarde'
                  : 'Onder de Europese grenswaarde',
            }),
          ),
        },
      ],
    },
    {
      key: 'speelplaatsen',
      title: 'Speelplaatsen en trapvelden',
      description:
        'Alle openbare speelplekken in Voorbeeldstad: speeltuinen voor de jongste kinderen, speelplaatsen voor basisschoolkinderen en trapvelden voor jongeren. Per plek staan de speeltoestellen, de ondergrond en de datum van de laatste veiligheidsinspectie.',
      ...kaart,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Openbare ruimte', 'Cultuur en recreatie'],
      modified: '2024-05-28',
      files: [{ kind: 'geojson', name: 'speelplaatsen.geojson', features: speelplaatsen() }],
    },
    {
      key: 'parkeergarages',
      title: 'Parkeergarages en P+R-terreinen',
      description:
        "Locaties van de parkeergarages, parkeerterreinen en P+R-terreinen met capaciteit, laadpalen voor elektrische auto's, plaatsen voor mensen met een beperking, tarief en openingstijden.",
      ...kaart,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Verkeer en vervoer'],
      modified: '2025-01-15',
      files: [
        {
          kind: 'geojson',
          name: 'parkeergarages.geojson',
          features: PARKEERGARAGES.map((g, i) =>
            point(`PG${String(i + 1).padStart(2, '0')}`, g.position, {
              naam: g.naam,
              type: g.type,
              adres: g.adres,
              wijk: g.wijk,
              capaciteit: g.capaciteit,
              laadplaatsen: g.elektrisch,
              invalidenparkeerplaatsen: g.gehandicapten,
              tarief_per_uur_euro: g.tariefPerUur,
              openingstijden: g.openingstijden,
            }),
          ),
        },
      ],
    },
    {
      key: 'bomenregister',
      title: 'Bomenregister gemeentelijke bomen',
      description:
        'Register van de bomen in beheer van de gemeente met boomsoort, plantjaar, hoogteklasse, stamdiameter en conditie bij de laatste boomveiligheidscontrole. Monumentale bomen zijn gemarkeerd; voor het kappen daarvan is altijd een omgevingsvergunning nodig. Dit is een steekproef van het volledige register.',
      contentTypeName: 'Dataset',
      license: OPEN_DATA_LICENSE,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Openbare ruimte'],
      modified: '2025-04-02',
      files: [{ kind: 'geojson', name: 'bomenregister.geojson', features: bomen() }],
    },
    {
      key: 'schoolgebouwen',
      title: 'Schoolgebouwen primair en voortgezet onderwijs',
      description:
        'Kaart van de schoolgebouwen in Voorbeeldstad met bouwjaar, vloeroppervlak, aantal leerlingen, energielabel en de geplande maatregelen uit het integraal huisvestingsplan onderwijs.',
      ...kaart,
      sourceFriendlyName: 'Sociaal Domein',
      themes: ['Onderwijs'],
      modified: '2024-09-02',
      files: [
        {
          kind: 'geojson',
          name: 'schoolgebouwen.geojson',
          features: SCHOLEN.map((s) =>
            point(s.brin, s.position, {
              naam: s.naam,
              brin: s.brin,
              soort_onderwijs: s.soort,
              denominatie: s.denominatie,
              adres: s.adres,
              wijk: s.wijk,
              bouwjaar: s.bouwjaar,
              bruto_vloeroppervlak_m2: s.vloeroppervlak,
              leerlingen_2024: s.leerlingen,
              energielabel: s.energielabel,
              geplande_maatregel: s.maatregel,
            }),
          ),
        },
      ],
    },
  ]
}
