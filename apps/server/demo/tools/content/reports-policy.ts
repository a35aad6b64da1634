// Policy documents and a manual, published as PDF.
import { h1, h2, list, p, table } from '../lib/blocks.ts'
import { DOCUMENT_LICENSE, type DemoDocument } from '../lib/types.ts'

export function policyReports(): DemoDocument[] {
  return [
    {
      key: 'uitvoeringsprogramma-klimaatadaptatie',
      wooCategory: '002',
      title: 'Uitvoeringsprogramma klimaatadaptatie 2024-2027',
      description:
        'Hoe Voorbeeldstad zich voorbereidt op hevige regenbuien, hitte en droogte. Het programma beschrijft de resultaten van de klimaatstresstest, de maatregelen per wijk, de rol van bewoners en bedrijven en de financiering tot en met 2027.',
      contentTypeName: 'Beleidsdocument',
      license: DOCUMENT_LICENSE,
      sourceFriendlyName: 'Milieu en Duurzaamheid',
      themes: ['Milieu en energie', 'Openbare ruimte'],
      modified: '2024-02-20',
      files: [
        {
          kind: 'pdf',
          name: 'uitvoeringsprogramma-klimaatadaptatie.pdf',
          doc: {
            title: 'Uitvoeringsprogramma klimaatadaptatie 2024-2027',
            subtitle: 'Samen werken aan een klimaatbestendige stad',
            dateLine: 'Vastgesteld door het college op 20 februari 2024',
            blocks: [
              h1('1. Aanleiding'),
              p(
                'Het klimaat verandert merkbaar. De zomers van de afgelopen jaren waren warmer en droger, terwijl korte, zware buien vaker voorkomen. In juni 2023 viel in de binnenstad binnen een uur 62 millimeter regen; kelders liepen onder en de Marktstraat stond blank. Tegelijk zakte in de droge zomer het grondwater zo ver dat bomen in het Zuiderpark schade opliepen.',
              ),
              p(
                'Met dit uitvoeringsprogramma geeft de gemeente invulling aan het Deltaplan Ruimtelijke Adaptatie. Het doel is dat Voorbeeldstad in 2050 klimaatbestendig en waterrobuust is ingericht.',
              ),
              h1('2. Resultaten van de stresstest'),
              p(
                'De klimaatstresstest laat zien waar de stad kwetsbaar is. De binnenstad en het Havenkwartier zijn sterk versteend en warmen op zomerdagen tot zes graden meer op dan het buitengebied. In de laaggelegen delen van Zuid en Vlietzoom kan het riool een bui van 70 millimeter niet verwerken.',
              ),
              table(
                ['Wijk', 'Hitte', 'Wateroverlast', 'Droogte'],
                [
                  ['Binnenstad', 'hoog', 'hoog', 'laag'],
                  ['Havenkwartier', 'hoog', 'middel', 'laag'],
                  ['Zuid', 'middel', 'hoog', 'middel'],
                  ['Vlietzoom', 'laag', 'hoog', 'middel'],
                  ['Buitengebied', 'laag', 'laag', 'hoog'],
                ],
              ),
              h1('3. Maatregelen'),
              h2('3.1 Ruimte voor water'),
              p(
                "Bij iedere herinrichting van een straat koppelen we het regenwater af van het gemengde riool. Het water stroomt naar wadi's, infiltratiekratten en groene bermen, zodat het de bodem in kan zakken. In het Zuiderpark leggen we een nieuwe waterberging aan van 12.000 kubieke meter, die bij zware buien het water uit de omliggende straten opvangt. Ook het plein bij het stadhuis krijgt een ondergrondse waterberging onder de nieuwe bestrating.",
              ),
              p(
                'Nieuwe bouwprojecten moeten op eigen terrein ten minste 60 millimeter neerslag kunnen vasthouden. Dat leggen we vast in het omgevingsplan.',
              ),
              h2('3.2 Koelte in de stad'),
              list(
                'In vier jaar planten we 1.500 extra bomen, met voorrang in straten zonder schaduw.',
                'Schoolpleinen worden groene schoolpleinen met bomen, planten en water.',
                'We maken een kaart met koele plekken en drinkwaterpunten voor warme dagen.',
                'Bushokjes in de binnenstad krijgen een groen dak.',
              ),
              h2('3.3 Bewoners doen mee'),
              p(
                'Ruim de helft van de verharde grond in de stad is particulier bezit. Met de subsidieregeling Groen en Water vergoedt de gemeente de helft van de kosten van een groen dak, een regenton of het vervangen van tegels door planten, tot maximaal 1.000 euro per adres. Met het Nationaal Open Tegelwippen daagt de gemeente buurten uit om zoveel mogelijk tegels uit de tuin te halen.',
              ),
              h1('4. Financiering'),
              p(
                'Het programma kost in totaal 14,6 miljoen euro. Het grootste deel komt uit het gemeentelijk rioleringsplan; daarnaast draagt het Rijk via de impulsregeling klimaatadaptatie 3,2 miljoen euro bij en het waterschap 1,8 miljoen euro.',
              ),
              h1('5. Monitoring'),
              p(
                'Ieder jaar rapporteren we aan de gemeenteraad over de voortgang: het aantal afgekoppelde vierkante meters verharding, het aantal geplante bomen en de meldingen van wateroverlast na zware buien.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'omgevingsvisie-2040',
      wooCategory: '002',
      title: 'Omgevingsvisie Voorbeeldstad 2040',
      description:
        'De omgevingsvisie beschrijft hoe Voorbeeldstad zich tot 2040 ruimtelijk ontwikkelt: waar gebouwd wordt, hoe het buitengebied en de landbouw zich ontwikkelen, en hoe de gemeente omgaat met energie, mobiliteit en gezondheid. De visie is de basis voor het omgevingsplan onder de Omgevingswet.',
      contentTypeName: 'Beleidsdocument',
      license: DOCUMENT_LICENSE,
      sourceFriendlyName: 'Ruimtelijke Ordening',
      themes: ['Ruimtelijke ordening', 'Landbouw'],
      modified: '2022-12-15',
      files: [
        {
          kind: 'pdf',
          name: 'omgevingsvisie-2040.pdf',
          doc: {
            title: 'Omgevingsvisie Voorbeeldstad 2040',
            subtitle: 'Stad aan de Vliet, dorp in het groen',
            dateLine: 'Vastgesteld door de gemeenteraad op 15 december 2022',
            blocks: [
              h1('Voorwoord'),
              p(
                'Voorbeeldstad is een compacte stad met een historische binnenstad, een haven die verandert in een woonwijk en een open agrarisch landschap daaromheen. Deze omgevingsvisie is in twee jaar tijd samen met inwoners, ondernemers, boeren en maatschappelijke organisaties gemaakt. Meer dan 1.200 mensen deden mee aan de enquête en de stadsgesprekken.',
              ),
              h1('Vijf ambities'),
              list(
                'Bouwen binnen de bestaande stad: nieuwe woningen komen vooral op vrijkomende bedrijventerreinen en rond de stations.',
                'Een gezonde stad: meer groen, schone lucht en ruimte om te bewegen.',
                'Een vitaal buitengebied met toekomst voor de boer.',
                'Energieneutraal in 2050, met zonnepanelen op daken en een warmtenet voor de binnenstad.',
                'Een bereikbare stad waarin lopen, fietsen en openbaar vervoer voorrang krijgen.',
              ),
              h1('Het buitengebied'),
              p(
                'Het buitengebied is het domein van melkveehouders, akkerbouwers en fruittelers. Veel bedrijven staan voor grote keuzes: opvolging, strengere regels voor stikstof en water, en lage prijzen. De gemeente kiest voor een landbouw die samengaat met natuur en landschap. Boeren die willen extensiveren of omschakelen naar natuurinclusieve landbouw krijgen ruimte voor nevenactiviteiten zoals een boerderijwinkel, zorg of recreatie.',
              ),
              p(
                'Vrijkomende agrarische bebouwing mag worden hergebruikt voor wonen of kleinschalige bedrijvigheid, als de oude stallen worden gesloopt. Grootschalige zonneparken op landbouwgrond staan we niet toe; zon op daken gaat voor.',
              ),
              h1('Wonen en werken'),
              p(
                'Tot 2040 is er behoefte aan ongeveer 4.500 extra woningen. Het Havenkwartier, de Spoorzone en Vlietzoom-Oost zijn de grote ontwikkellocaties. We bouwen voor alle inkomens: minimaal een derde sociale huur en een derde middeldure woningen.',
              ),
              h1('Mobiliteit'),
              p(
                'De binnenstad wordt stap voor stap autoluw. Bezoekers parkeren aan de rand in de parkeergarages of op de P+R-terreinen en lopen of fietsen het laatste stuk. Doorgaande routes door woonwijken krijgen een maximumsnelheid van 30 kilometer per uur.',
              ),
              h1('Van visie naar omgevingsplan'),
              p(
                "De keuzes in deze visie werken we uit in programma's, zoals het woningbouwprogramma en het uitvoeringsprogramma klimaatadaptatie, en in regels in het omgevingsplan. De omgevingsvisie wordt iedere vier jaar geëvalueerd.",
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'handleiding-open-data',
      title: 'Handleiding: werken met open data van de gemeente',
      description:
        'Praktische uitleg voor iedereen die de gegevens op dit portaal wil gebruiken: welke bestandsformaten er zijn, hoe u een CSV-bestand in een spreadsheet opent, hoe u een kaartbestand bekijkt en wat de licenties betekenen.',
      contentTypeName: 'Overig',
      license: DOCUMENT_LICENSE,
      sourceFriendlyName: 'Onderzoek en Statistiek',
      themes: [],
      modified: '2023-09-01',
      files: [
        {
          kind: 'pdf',
          name: 'handleiding-open-data.pdf',
          doc: {
            title: 'Werken met open data van de gemeente',
            subtitle: 'Een handleiding voor inwoners, journalisten, studenten en ondernemers',
            dateLine: 'Versie 1.2, september 2023',
            blocks: [
              h1('Wat is open data?'),
              p(
                'Open data zijn gegevens van de overheid die iedereen vrij mag gebruiken, hergebruiken en verspreiden. De gemeente publiceert gegevens over bijvoorbeeld de bevolking, de openbare ruimte, het verkeer en de begroting. U hoeft niet te vragen of u de gegevens mag gebruiken en u betaalt er niets voor.',
              ),
              h1('Bestandsformaten'),
              table(
                ['Formaat', 'Waarvoor', 'Openen met'],
                [
                  ['CSV', 'tabellen met cijfers', 'een spreadsheetprogramma of teksteditor'],
                  [
                    'XLSX',
                    'tabellen met opmaak en meerdere tabbladen',
                    'Excel, LibreOffice Calc of Google Spreadsheets',
                  ],
                  [
                    'GeoJSON',
                    'locaties en gebieden voor een kaart',
                    'QGIS, geojson.io of de kaartweergave op dit portaal',
                  ],
                  ['PDF', 'rapporten en beleidsstukken', 'iedere pdf-lezer'],
                  ['DOCX', 'raadsstukken en verslagen', 'Word of LibreOffice Writer'],
                ],
              ),
              h1('Een CSV-bestand openen'),
              p(
                'De CSV-bestanden op dit portaal gebruiken de tekencodering UTF-8 en meestal een komma als scheidingsteken. Dubbelklikt u op het bestand, dan kan uw spreadsheetprogramma de letters met accenten verkeerd tonen. Kies daarom voor importeren: in Excel via het tabblad Gegevens, optie Van tekst/CSV, en kies dan als bestandsoorsprong 65001: Unicode (UTF-8).',
              ),
              h1('Licenties'),
              list(
                'CC0 1.0: u mag alles met de gegevens doen, zonder bronvermelding. Dit geldt voor de meeste datasets.',
                'CC BY 4.0: u mag alles met de publicatie doen, als u de gemeente als bron noemt. Dit geldt voor rapporten en beleidsstukken.',
              ),
              h1('Vragen en suggesties'),
              p(
                'Mist u gegevens, of klopt er iets niet? Stel uw vraag via het formulier Datavraag op dit portaal. Het datateam reageert binnen vijf werkdagen. Wij horen ook graag wat u met de gegevens hebt gemaakt: een app, een artikel of een onderzoek.',
              ),
            ],
          },
        },
      ],
    },
  ]
}
