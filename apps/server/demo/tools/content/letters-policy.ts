// Policy notes and regulations, published as Word documents.
import { h1, h2, list, p, table } from '../lib/blocks.ts'
import { DOCUMENT_LICENSE, type DemoDocument } from '../lib/types.ts'

export function policyLetters(): DemoDocument[] {
  const beleid = { contentTypeName: 'Beleidsdocument', license: DOCUMENT_LICENSE }
  return [
    {
      key: 'beleidsnota-fietsparkeren',
      wooCategory: '002',
      title: 'Beleidsnota fietsparkeren binnenstad 2025-2030',
      description:
        'Het beleid voor het parkeren van fietsen in de binnenstad: hoeveel plekken er bij komen, waar bewaakte stallingen komen, hoe de gemeente omgaat met weesfietsen en foutief gestalde fietsen, en welke voorzieningen er in woonwijken komen.',
      ...beleid,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Fiets', 'Openbare ruimte'],
      modified: '2025-01-30',
      files: [
        {
          kind: 'docx',
          name: 'beleidsnota-fietsparkeren.docx',
          doc: {
            title: 'Beleidsnota fietsparkeren binnenstad 2025-2030',
            subtitle: 'Ruimte voor de fiets, ruimte voor de voetganger',
            dateLine: 'Vastgesteld door het college op 30 januari 2025',
            blocks: [
              h1('1. Waarom deze nota'),
              p(
                'De fiets is het belangrijkste vervoermiddel naar de binnenstad: zes op de tien bezoekers komen op de fiets. Op drukke zaterdagen staan er meer dan 4.000 fietsen in het centrum, terwijl er 2.900 plekken in rekken en stallingen zijn. Fietsen staan daardoor op de stoep, voor etalages en in de looproutes, wat vooral voor mensen met een rollator, rolstoel of kinderwagen hinderlijk en onveilig is.',
              ),
              h1('2. Doelen'),
              list(
                'In 2030 zijn er 1.500 extra fietsparkeerplekken in en rond de binnenstad.',
                'Bezoekers vinden binnen 100 meter van hun bestemming een plek.',
                'Looproutes zijn vrij van gestalde fietsen.',
                'Er is ruimte voor bakfietsen, fietsen met een kinderzitje en elektrische fietsen.',
              ),
              h1('3. Maatregelen'),
              h2('3.1 Bewaakte stallingen'),
              p(
                'De stalling bij het station wordt uitgebreid tot 2.000 plekken. Bij de Graanmarkt en de Oude Gracht komen inpandige stallingen in leegstaande winkelpanden. Alle bewaakte stallingen in de binnenstad blijven gratis, omdat dat het gebruik sterk verhoogt.',
              ),
              h2('3.2 Rekken en nietjes'),
              p(
                'Op pleinen en in brede straten plaatsen we extra fietsnietjes en dubbellaagse rekken. Op plekken waar dat niet kan, wijzen we fietsvakken aan met een belijning op de straat.',
              ),
              h2('3.3 Woonwijken'),
              p(
                'Veel bewoners van oude stadswijken hebben geen schuur of berging. Op verzoek van bewoners plaatst de gemeente een buurtstalling in de straat, een afsluitbare fietskluis voor vijf fietsen die bewoners per plek kunnen huren. In 2030 willen we 60 van deze buurtstallingen hebben. Een buurtstalling neemt de ruimte in van een parkeerplaats voor een auto.',
              ),
              h2('3.4 Handhaving'),
              p(
                'In het voetgangersgebied geldt een stallingsverbod buiten de rekken en vakken. Handhavers labelen fietsen die langer dan 14 dagen in de stallingen staan. Weesfietsen worden na 28 dagen verwijderd en zijn nog drie maanden op te halen bij het fietsdepot. Fietsen die niet worden opgehaald, gaan naar een kringloopbedrijf.',
              ),
              h1('4. Kosten'),
              table(
                ['Maatregel', 'Kosten (euro)', 'Planning'],
                [
                  ['Uitbreiding stationsstalling', '2.400.000', '2026-2027'],
                  ['Inpandige stallingen binnenstad', '900.000', '2025-2028'],
                  ['Rekken, nietjes en fietsvakken', '350.000', '2025-2030'],
                  ['Buurtstallingen in woonwijken', '420.000', '2025-2030'],
                  ['Handhaving en fietsdepot (per jaar)', '180.000', 'doorlopend'],
                ],
              ),
              p(
                'De maatregelen worden betaald uit het mobiliteitsfonds en een bijdrage van de provincie uit de regeling Fiets in de Keten.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'evenementenbeleid',
      wooCategory: '002',
      title: 'Evenementenbeleid Voorbeeldstad 2024',
      description:
        'Spelregels voor organisatoren van evenementen: wanneer een melding volstaat en wanneer een vergunning nodig is, de indeling in risicocategorieën, regels voor geluid, eindtijden en veiligheid, en hoe de gemeente de belasting voor omwonenden beperkt.',
      ...beleid,
      sourceFriendlyName: 'Financiën en Bestuur',
      themes: ['Cultuur en recreatie', 'Veiligheid'],
      modified: '2023-11-21',
      files: [
        {
          kind: 'docx',
          name: 'evenementenbeleid.docx',
          doc: {
            title: 'Evenementenbeleid Voorbeeldstad 2024',
            dateLine: 'Vastgesteld door de burgemeester op 21 november 2023',
            blocks: [
              h1('Inleiding'),
              p(
                'Evenementen maken Voorbeeldstad levendig en aantrekkelijk. Van een straatfeest tot het Havenfestival: ieder jaar vinden er ruim honderd evenementen plaats. De burgemeester is verantwoordelijk voor de openbare orde en veiligheid en beslist over de vergunningen. Dit beleid geeft organisatoren duidelijkheid over de regels.',
              ),
              h1('Melding of vergunning'),
              p(
                'Voor een klein evenement volstaat een melding, uiterlijk drie weken van tevoren. Dat kan als er minder dan 200 bezoekers zijn, het evenement tussen 9.00 en 23.00 uur plaatsvindt, er geen weg wordt afgesloten en er geen versterkte muziek is na 22.00 uur. Voor grotere evenementen is een vergunning nodig, aan te vragen uiterlijk acht weken, of voor categorie C zestien weken, voor de eerste dag.',
              ),
              h1('Risicocategorieën'),
              table(
                ['Categorie', 'Omschrijving', 'Adviseurs'],
                [
                  ['A', 'regulier evenement, weinig risico', 'gemeente'],
                  ['B', 'aandachtsevenement, verhoogd risico', 'gemeente, politie, brandweer'],
                  [
                    'C',
                    'risicovol evenement',
                    'gemeente, politie, brandweer, GHOR, veiligheidsregio',
                  ],
                ],
              ),
              h1('Geluid en eindtijden'),
              list(
                'Binnenstad en Havenkwartier: muziek tot 23.00 uur, op vrijdag en zaterdag tot 24.00 uur.',
                'Woonwijken: muziek tot 22.00 uur.',
                'Maximaal 85 dB(C) op de gevel van de dichtstbijzijnde woning.',
                'Per locatie maximaal twaalf evenementendagen met versterkte muziek per jaar.',
              ),
              h1('Duurzaam en toegankelijk'),
              p(
                'Organisatoren gebruiken herbruikbare bekers en zorgen voor gescheiden afvalinzameling. Grote evenementen hebben een toegankelijk toilet, een invalidenparkeerplaats en informatie over de toegankelijkheid op hun website.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'subsidieregeling-sport-en-bewegen',
      wooCategory: '001',
      title: 'Subsidieregeling sport en bewegen 2025',
      description:
        'Regels voor subsidie aan sportverenigingen en organisaties die inwoners in beweging brengen, met aandacht voor jeugd, ouderen en mensen met een beperking. Met de budgetten per onderdeel en de manier van aanvragen.',
      ...beleid,
      sourceFriendlyName: 'Sociaal Domein',
      themes: ['Cultuur en recreatie', 'Zorg en welzijn'],
      modified: '2024-12-03',
      files: [
        {
          kind: 'docx',
          name: 'subsidieregeling-sport-en-bewegen.docx',
          doc: {
            title: 'Subsidieregeling sport en bewegen 2025',
            dateLine: 'Vastgesteld door het college op 3 december 2024',
            blocks: [
              h1('Artikel 1. Doel'),
              p(
                'Deze regeling heeft als doel dat zoveel mogelijk inwoners van Voorbeeldstad regelmatig sporten en bewegen, ongeacht leeftijd, inkomen of beperking. Sport draagt bij aan een goede gezondheid, aan ontmoeting en aan het voorkomen van eenzaamheid.',
              ),
              h1('Artikel 2. Wie kan subsidie aanvragen'),
              p(
                'Subsidie kan worden aangevraagd door sportverenigingen en stichtingen die in Voorbeeldstad gevestigd zijn en activiteiten organiseren voor inwoners van de gemeente. Commerciële sportscholen komen alleen in aanmerking voor het onderdeel beweegaanbod voor ouderen.',
              ),
              h1('Artikel 3. Onderdelen en budget'),
              table(
                ['Onderdeel', 'Budget 2025 (euro)', 'Maximum per aanvraag (euro)'],
                [
                  ['Jeugdleden van sportverenigingen', '310.000', '25 per jeugdlid'],
                  ['Aangepast sporten', '60.000', '7.500'],
                  ['Beweegaanbod voor ouderen', '85.000', '5.000'],
                  ['Kader en vrijwilligers (trainerscursussen)', '40.000', '2.500'],
                  ['Duurzaamheid sportaccommodaties', '120.000', '15.000'],
                ],
              ),
              h1('Artikel 4. Aanvragen'),
              list(
                'Aanvragen voor 2025 moeten uiterlijk 1 maart 2025 zijn ingediend via het digitale subsidieloket.',
                'Bij de aanvraag voegt de vereniging de ledenlijst per 1 januari en een begroting.',
                'Het college beslist binnen acht weken.',
              ),
              h1('Artikel 5. Verantwoording'),
              p(
                'Voor subsidies tot 5.000 euro volstaat een verklaring dat de activiteiten zijn uitgevoerd. Bij hogere bedragen levert de aanvrager een inhoudelijk en financieel verslag. Met het Jeugdfonds Sport en Cultuur kunnen kinderen uit gezinnen met een laag inkomen gratis lid worden van een vereniging.',
              ),
            ],
          },
        },
      ],
    },
  ]
}
