// Datasets published as Excel workbooks (XLSX).
import { WIJKEN } from '../lib/random.ts'
import { OPEN_DATA_LICENSE, type DemoDocument } from '../lib/types.ts'
import {
  PROGRAMMAS,
  TAAKVELDEN,
  bezettingRows,
  energielabelRows,
  uitkeringRows,
  wmoRows,
} from './sheet-rows.ts'
import { PARKEERGARAGES, WONINGBOUWPROJECTEN } from './shared.ts'

const bedrag = { numFmt: '#,##0', width: 16 }

export function sheetDocuments(): DemoDocument[] {
  const dataset = { contentTypeName: 'Dataset', license: OPEN_DATA_LICENSE }
  return [
    {
      key: 'programmabegroting-2025',
      wooCategory: '012',
      title: 'Programmabegroting 2025 in cijfers',
      description:
        "De lasten en baten van de gemeente Voorbeeldstad per programma en per taakveld zoals vastgesteld door de gemeenteraad in november 2024. Bedragen in duizenden euro's. Zo ziet u waar het geld van de gemeente naartoe gaat en waar het vandaan komt.",
      contentTypeName: 'Raadsinformatie',
      license: OPEN_DATA_LICENSE,
      sourceFriendlyName: 'Financiën en Bestuur',
      themes: ['Bestuur'],
      modified: '2024-11-07',
      files: [
        {
          kind: 'xlsx',
          name: 'programmabegroting-2025.xlsx',
          title: 'Programmabegroting 2025',
          notes: [
            'Vastgesteld door de gemeenteraad op 7 november 2024.',
            "Alle bedragen zijn in duizenden euro's (x 1.000).",
            'Een positief saldo betekent dat de baten hoger zijn dan de lasten. De algemene dekkingsmiddelen bestaan vooral uit de algemene uitkering uit het gemeentefonds en de onroerendezaakbelasting.',
            'Taakvelden volgen de indeling van het Besluit begroting en verantwoording (BBV).',
          ],
          sheets: [
            {
              name: "Programma's",
              columns: [
                { header: 'Programma', width: 40 },
                { header: 'Lasten', ...bedrag },
                { header: 'Baten', ...bedrag },
                { header: 'Saldo', ...bedrag },
              ],
              rows: PROGRAMMAS.map(([p, l, b]) => [p, l, b, b - l]),
            },
            {
              name: 'Taakvelden (selectie)',
              columns: [
                { header: 'Programma', width: 40 },
                { header: 'Taakveld' },
                { header: 'Omschrijving', width: 60 },
                { header: 'Lasten', ...bedrag },
                { header: 'Baten', ...bedrag },
              ],
              rows: TAAKVELDEN,
            },
          ],
        },
      ],
    },
    {
      key: 'woningbouwprogramma-2024-2030',
      title: 'Woningbouwprogramma 2024-2030',
      description:
        'Alle woningbouwprojecten in voorbereiding, in aanbouw en recent opgeleverd, met de verdeling over sociale huur, middenhuur en koop. Het programma is de uitwerking van de woondeal met de provincie: 2.400 nieuwe woningen tot 2030, waarvan twee derde betaalbaar.',
      ...dataset,
      sourceFriendlyName: 'Ruimtelijke Ordening',
      themes: ['Wonen', 'Ruimtelijke ordening'],
      modified: '2025-06-20',
      files: [
        {
          kind: 'xlsx',
          name: 'woningbouwprogramma-2024-2030.xlsx',
          title: 'Woningbouwprogramma 2024-2030',
          notes: [
            'Stand van zaken juni 2025.',
            'Fasen: initiatief, planvorming, vergunning verleend, in aanbouw, opgeleverd.',
            'Betaalbaar betekent: sociale huur, middenhuur of koop onder de NHG-grens.',
            'De kaart met de begrenzing van de projecten is gepubliceerd als aparte dataset.',
          ],
          sheets: [
            {
              name: 'Projecten',
              columns: [
                { header: 'Project', width: 26 },
                { header: 'Wijk', width: 16 },
                { header: 'Fase', width: 20 },
                { header: 'Sociale huur' },
                { header: 'Middenhuur' },
                { header: 'Koop' },
                { header: 'Totaal' },
                { header: 'Oplevering' },
                { header: 'Ontwikkelaar', width: 38 },
              ],
              rows: WONINGBOUWPROJECTEN.map((p) => [
                p.naam,
                p.wijk,
                p.fase,
                p.socialeHuur,
                p.middenhuur,
                p.koop,
                p.socialeHuur + p.middenhuur + p.koop,
                p.opleverjaar,
                p.ontwikkelaar,
              ]),
            },
          ],
        },
      ],
    },
    {
      key: 'energielabels-woningen',
      title: 'Energielabels van woningen per wijk',
      description:
        'Aantal woningen per wijk naar geregistreerd energielabel, van A (inclusief A+ tot en met A++++) tot en met G, met het aandeel zuinige (A en B) en onzuinige (E, F en G) woningen. Gebruikt voor de wijkaanpak in de transitievisie warmte.',
      ...dataset,
      sourceFriendlyName: 'Milieu en Duurzaamheid',
      themes: ['Milieu en energie', 'Wonen'],
      modified: '2024-08-19',
      files: [
        {
          kind: 'xlsx',
          name: 'energielabels-woningen.xlsx',
          title: 'Energielabels van woningen per wijk',
          notes: [
            'Bron: EP-online (RVO), geregistreerde labels op 1 juli 2024, gekoppeld aan de Basisregistratie Adressen en Gebouwen (BAG).',
            'Woningen zonder geregistreerd label zijn naar verhouding verdeeld.',
          ],
          sheets: [
            {
              name: 'Labels per wijk',
              columns: [
                { header: 'Wijk', width: 18 },
                { header: 'Woningen' },
                ...['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((l) => ({ header: `Label ${l}` })),
                { header: '% A en B', numFmt: '0.0' },
                { header: '% E, F en G', numFmt: '0.0' },
              ],
              rows: energielabelRows(),
            },
          ],
        },
      ],
    },
    {
      key: 'wmo-voorzieningen-2024',
      title: 'Wmo-voorzieningen per wijk 2024',
      description:
        'Aantal inwoners met een maatwerkvoorziening uit de Wet maatschappelijke ondersteuning (Wmo) per wijk op 31 december 2024, zoals hulp bij het huishouden, begeleiding, dagbesteding, hulpmiddelen en vervoer.',
      ...dataset,
      sourceFriendlyName: 'Sociaal Domein',
      themes: ['Zorg en welzijn'],
      modified: '2025-03-03',
      files: [
        {
          kind: 'xlsx',
          name: 'wmo-voorzieningen-2024.xlsx',
          title: 'Wmo-voorzieningen per wijk 2024',
          notes: [
            'Peildatum 31 december 2024. Een inwoner kan meer dan een voorziening hebben.',
            'Aantallen kleiner dan 5 zijn in de bron afgerond om herleidbaarheid naar personen te voorkomen.',
            'Mantelzorgers kunnen ondersteuning krijgen via het steunpunt mantelzorg; die is niet in deze cijfers opgenomen.',
          ],
          sheets: [
            {
              name: 'Voorzieningen',
              columns: [
                { header: 'Voorziening', width: 46 },
                ...WIJKEN.map((w) => ({ header: w.name, width: 14 })),
              ],
              rows: wmoRows(),
            },
          ],
        },
      ],
    },
    {
      key: 'uitkeringen-per-wijk',
      title: 'Bijstand en re-integratie per wijk 2020-2024',
      description:
        'Aantal huishoudens met een bijstandsuitkering (Participatiewet) of IOAW-uitkering per wijk en per jaar, met de uitstroom naar werk en het aantal lopende re-integratietrajecten.',
      ...dataset,
      sourceFriendlyName: 'Sociaal Domein',
      themes: ['Werk en inkomen'],
      modified: '2025-02-18',
      files: [
        {
          kind: 'xlsx',
          name: 'uitkeringen-per-wijk.xlsx',
          title: 'Bijstand en re-integratie per wijk',
          notes: [
            'Stand per 31 december van elk jaar.',
            'Uitstroom naar werk: beeindiging van de uitkering omdat de klant betaald werk heeft gevonden.',
            'Bron: uitkeringsadministratie van het Werkplein Voorbeeldstad.',
          ],
          sheets: [
            {
              name: 'Per wijk',
              columns: [
                { header: 'Jaar' },
                { header: 'Wijk', width: 18 },
                { header: 'Bijstand (Participatiewet)', width: 24 },
                { header: 'IOAW' },
                { header: 'Uitstroom naar werk', width: 20 },
                { header: 'Re-integratietrajecten', width: 22 },
              ],
              rows: uitkeringRows(),
            },
          ],
        },
      ],
    },
    {
      key: 'dashboard-parkeerbezetting',
      title: 'Dashboard parkeerbezetting',
      description:
        "Gemiddelde bezetting van de parkeergarages per uur op werkdagen, zaterdagen en zondagen in 2024, gemeten met de kentekencamera's bij de in- en uitritten. Dit zijn de gegevens achter het parkeerdashboard op de website en de verwijsborden langs de singel.",
      contentTypeName: 'Dashboard',
      license: OPEN_DATA_LICENSE,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Verkeer en vervoer'],
      modified: '2025-01-15',
      files: [
        {
          kind: 'xlsx',
          name: 'dashboard-parkeerbezetting.xlsx',
          title: 'Dashboard parkeerbezetting 2024',
          notes: [
            'Bezetting is het percentage bezette plaatsen, gemiddeld over alle dagen van dat type in 2024.',
            'Werkdag: maandag tot en met vrijdag, feestdagen niet meegerekend.',
            'P+R-terreinen hebben geen slagboom en zijn daarom niet opgenomen.',
          ],
          sheets: [
            {
              name: 'Bezetting per uur',
              columns: [
                { header: 'Garage', width: 30 },
                { header: 'Dag' },
                { header: 'Uur' },
                { header: 'Bezetting %' },
                { header: 'Bezette plaatsen' },
              ],
              rows: bezettingRows(),
            },
            {
              name: 'Garages',
              columns: [
                { header: 'Garage', width: 30 },
                { header: 'Adres', width: 20 },
                { header: 'Capaciteit' },
                { header: 'Laadplaatsen' },
                { header: 'Tarief per uur', numFmt: '0.00' },
              ],
              rows: PARKEERGARAGES.slice(0, 6).map((g) => [
                g.naam,
                g.adres,
                g.capaciteit,
                g.elektrisch,
                g.tariefPerUur,
              ]),
            },
          ],
        },
      ],
    },
  ]
}
