import { h1, h2, list, p, table } from '../lib/blocks.ts'
import { OPEN_DATA_LICENSE, type Cell, type DemoDocument, type TextDocument } from '../lib/types.ts'
import { JAREN, leeftijdRows, prognoseRows } from './sheet-rows.ts'

/** The PDF that explains the population forecast workbook; the table repeats its main sheet. */
function prognoseToelichting(rows: Cell[][]): TextDocument {
  return {
    title: 'Toelichting bevolkingsprognose 2025-2040',
    subtitle: 'Onderzoek en Statistiek, gemeente Voorbeeldstad',
    dateLine: 'Mei 2025',
    blocks: [
      h1('Samenvatting'),
      p(
        'Voorbeeldstad groeit de komende vijftien jaar naar verwachting van ongeveer 86.000 naar bijna 98.000 inwoners. De groei zit vooral in de nieuwe woonwijken aan het water: het Havenkwartier en Vlietzoom. In de oudere wijken blijft het aantal inwoners ongeveer gelijk, maar de bevolking vergrijst: het aantal inwoners van 75 jaar en ouder verdubbelt bijna.',
      ),
      h1('Methode'),
      p(
        'De prognose is gemaakt met een cohort-componentenmodel. Voor ieder leeftijdsjaar en geslacht berekenen we per jaar het aantal geboorten, sterfgevallen, vestigers en vertrekkers. Vruchtbaarheid en sterfte volgen de landelijke prognose van het CBS, aangepast aan het lokale patroon van de afgelopen vijf jaar.',
      ),
      p(
        'De binnenlandse verhuizingen zijn gekoppeld aan de woningbouwplanning: elke nieuwe woning levert gemiddeld 2,1 bewoners op, waarvan een deel al in Voorbeeldstad woonde. Zo zorgt doorstroming ervoor dat ook in bestaande wijken woningen vrijkomen voor starters en gezinnen.',
      ),
      h2('Onzekerheden'),
      list(
        'Vertraging in de woningbouw, bijvoorbeeld door netcongestie of stikstofregels, remt de groei.',
        'De huisvesting van statushouders en arbeidsmigranten is moeilijk te voorspellen en kan per jaar sterk verschillen.',
        'Bij een hogere levensverwachting stijgt het aantal ouderen sneller dan hier berekend.',
      ),
      h1('Uitkomsten per wijk'),
      table(['Wijkcode', 'Wijk', '2025', '2030', '2035', '2040'], rows),
      p(
        'De cijfers per leeftijdsgroep staan in het Excel-bestand bij deze publicatie. Vragen over de prognose kunt u stellen aan het team Onderzoek en Statistiek via de datavraag op dit portaal.',
      ),
    ],
  }
}

/** The forecast is the one document with two files: the workbook and the explanation. */
export function prognoseDocument(): DemoDocument {
  const dataset = { contentTypeName: 'Dataset', license: OPEN_DATA_LICENSE }
  return {
    key: 'bevolkingsprognose-per-wijk',
    title: 'Bevolkingsprognose per wijk 2025-2040',
    description:
      'Verwachte ontwikkeling van het aantal inwoners per wijk tot 2040, in totaal en naar leeftijdsgroep. De prognose gaat uit van de geplande woningbouw en laat zien dat vooral het Havenkwartier en Vlietzoom groeien en dat het aantal 75-plussers sterk toeneemt. Een toelichting op de methode staat in het bijgevoegde PDF-bestand.',
    ...dataset,
    sourceFriendlyName: 'Onderzoek en Statistiek',
    themes: ['Bevolking', 'Wonen'],
    modified: '2025-05-12',
    files: [
      {
        kind: 'xlsx',
        name: 'bevolkingsprognose-per-wijk.xlsx',
        title: 'Bevolkingsprognose per wijk 2025-2040',
        notes: [
          'Bron: Onderzoek en Statistiek, gemeente Voorbeeldstad, prognose voorjaar 2025.',
          'Peildatum van de basisbevolking is 1 januari 2024 (Basisregistratie Personen).',
          'De prognose is een cohort-componentenmodel: geboorte, sterfte, vestiging en vertrek per leeftijdsjaar, gekoppeld aan de woningbouwplanning.',
          'Aantallen zijn afgerond; totalen kunnen daardoor licht afwijken.',
        ],
        sheets: [
          {
            name: 'Prognose per wijk',
            columns: [
              { header: 'Wijkcode' },
              { header: 'Wijk', width: 18 },
              ...JAREN.map((j) => ({ header: `Inwoners ${j}`, numFmt: '#,##0' })),
            ],
            rows: prognoseRows(),
          },
          {
            name: 'Leeftijd 2040',
            columns: [
              { header: 'Wijk', width: 18 },
              ...[
                '0-14 jaar',
                '15-24 jaar',
                '25-44 jaar',
                '45-64 jaar',
                '65-74 jaar',
                '75 jaar en ouder',
              ].map((h) => ({ header: h, numFmt: '#,##0' })),
            ],
            rows: leeftijdRows(),
          },
        ],
      },
      {
        kind: 'pdf',
        name: 'bevolkingsprognose-toelichting.pdf',
        doc: prognoseToelichting(prognoseRows()),
      },
    ],
  }
}
