// Council documents and a meeting report, published as Word documents.
import { h1, h2, list, p, table } from '../lib/blocks.ts'
import { DOCUMENT_LICENSE, type DemoDocument } from '../lib/types.ts'

export function councilLetters(): DemoDocument[] {
  const raad = { contentTypeName: 'Raadsinformatie', license: DOCUMENT_LICENSE }
  return [
    {
      key: 'raadsvoorstel-huisvesting-asielzoekers',
      wooCategory: '008',
      title: 'Raadsvoorstel opvang asielzoekers en huisvesting statushouders 2025-2026',
      description:
        'Voorstel aan de gemeenteraad om een opvanglocatie voor 250 asielzoekers in te richten in het voormalige kantoor aan de Spoorsingel en de afspraken over de huisvesting van statushouders vast te leggen. Met de uitkomsten van de informatieavonden voor omwonenden.',
      ...raad,
      sourceFriendlyName: 'Sociaal Domein',
      themes: ['Asiel en integratie', 'Bestuur'],
      modified: '2025-04-10',
      files: [
        {
          kind: 'docx',
          name: 'raadsvoorstel-huisvesting-asielzoekers.docx',
          doc: {
            title: 'Raadsvoorstel opvang asielzoekers en huisvesting statushouders',
            subtitle: 'Raadsvergadering van 10 april 2025, agendapunt 7',
            dateLine: 'Registratienummer RV-2025-031',
            blocks: [
              h1('Voorgesteld besluit'),
              list(
                'In te stemmen met de inrichting van een opvanglocatie voor maximaal 250 asielzoekers in het voormalige kantoorgebouw Spoorsingel 80, voor een periode van tien jaar.',
                'Het college opdracht te geven met het Centraal Orgaan opvang asielzoekers (COA) een bestuursovereenkomst te sluiten.',
                'Een klankbordgroep van omwonenden in te stellen.',
                'Kennis te nemen van de taakstelling voor de huisvesting van statushouders in 2025 en 2026.',
              ),
              h1('Aanleiding'),
              p(
                'Het aantal asielverzoeken in Nederland is de afgelopen jaren hoog gebleven. In 2024 vroegen ruim 32.000 mensen voor het eerst asiel aan. Het aanmeldcentrum in Ter Apel is regelmatig overvol en asielzoekers verblijven te lang in noodopvang. Met de Wet gemeentelijke taak mogelijk maken asielopvangvoorzieningen, de Spreidingswet, is iedere gemeente gevraagd naar verhouding bij te dragen. Voor Voorbeeldstad gaat het om 250 opvangplekken.',
              ),
              h1('De locatie'),
              p(
                'Het kantoorgebouw aan de Spoorsingel staat sinds 2022 leeg en is eigendom van de gemeente. Het gebouw is geschikt te maken voor kleinschalige woonunits met eigen sanitair en gezamenlijke keukens. De locatie ligt op loopafstand van het station, winkels en scholen. Na tien jaar kan het gebouw worden omgebouwd tot woningen voor starters.',
              ),
              h1('Statushouders'),
              p(
                'Asielzoekers die een verblijfsvergunning krijgen, heten statushouders. De gemeente moet hen huisvesten volgens een taakstelling van het Rijk. Voor 2025 zijn dat 118 personen en voor 2026 naar verwachting 104. Samen met Woonstichting Vlietland zoeken we woonruimte, ook in gedeelde woningen en getransformeerde kantoren. Statushouders volgen een inburgeringstraject met taalles en begeleiding naar werk.',
              ),
              table(
                ['Jaar', 'Taakstelling statushouders', 'Gerealiseerd'],
                [
                  ['2022', '96', '88'],
                  ['2023', '124', '131'],
                  ['2024', '132', '120'],
                  ['2025', '118', '-'],
                  ['2026', '104', '-'],
                ],
              ),
              h1('Omwonenden'),
              p(
                'In februari en maart 2025 zijn drie informatieavonden gehouden, met in totaal ruim 400 bezoekers. Omwonenden vroegen vooral naar de veiligheid, het beheer van de locatie en de gevolgen voor de buurt. Het COA zorgt voor 24 uur per dag beheer op de locatie. Er komt een klankbordgroep en een vast aanspreekpunt bij de gemeente. Ook kinderen van asielzoekers gaan naar school in de buurt; daarvoor is een nieuwkomersklas bij IKC Havenkwartier voorzien.',
              ),
              h1('Financiën'),
              p(
                'De kosten van de opvang worden vergoed door het COA. Voor de verbouwing stelt de gemeente een krediet beschikbaar van 4,2 miljoen euro, dat wordt terugverdiend uit de huur. De extra inzet voor onderwijs en begeleiding wordt gedekt uit de rijksvergoeding.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'raadsinformatiebrief-woningbouw-2024',
      wooCategory: '008',
      title: 'Raadsinformatiebrief voortgang woningbouw 2024',
      description:
        'Het college informeert de gemeenteraad over het aantal opgeleverde en gestarte woningen in 2024, de vertraging bij een aantal projecten en de maatregelen om de bouw te versnellen.',
      ...raad,
      sourceFriendlyName: 'Ruimtelijke Ordening',
      themes: ['Wonen'],
      modified: '2025-02-27',
      files: [
        {
          kind: 'docx',
          name: 'raadsinformatiebrief-woningbouw-2024.docx',
          doc: {
            title: 'Raadsinformatiebrief voortgang woningbouw 2024',
            dateLine: 'Voorbeeldstad, 27 februari 2025',
            blocks: [
              p('Geachte leden van de gemeenteraad,'),
              p(
                'Met deze brief informeren wij u over de voortgang van het woningbouwprogramma in 2024. In 2024 zijn 412 woningen opgeleverd, waarvan 186 sociale huurwoningen. Dat is meer dan in de drie jaren daarvoor, maar minder dan de 450 woningen die wij ons ten doel hadden gesteld.',
              ),
              h1('Opgeleverd en gestart'),
              table(
                ['Categorie', 'Opgeleverd 2024', 'Bouw gestart 2024'],
                [
                  ['Sociale huur', '186', '122'],
                  ['Middenhuur', '94', '90'],
                  ['Koop tot NHG-grens', '71', '64'],
                  ['Dure koop', '61', '38'],
                ],
              ),
              h1('Oorzaken van vertraging'),
              list(
                'Bezwaarprocedures bij Spoorzone Noord hebben de bouw met negen maanden vertraagd.',
                'Door netcongestie kan Vlietzoom-Oost pas na 2027 op het elektriciteitsnet worden aangesloten.',
                'Bouwkosten stegen opnieuw; twee ontwikkelaars hebben hun plannen aangepast.',
              ),
              h1('Maatregelen'),
              p(
                'Wij zetten een versnellingsteam in dat vergunningaanvragen voor woningbouw met voorrang behandelt. Met de netbeheerder zijn afspraken gemaakt over een tijdelijke aansluiting voor de bouwfase. Daarnaast onderzoeken wij flexwoningen op tijdelijk beschikbare grond.',
              ),
              p('Met vriendelijke groet, burgemeester en wethouders van Voorbeeldstad.'),
            ],
          },
        },
      ],
    },
    {
      key: 'schriftelijke-vragen-verkeersveiligheid-scholen',
      wooCategory: '008',
      title: 'Beantwoording schriftelijke vragen over verkeersveiligheid rond scholen',
      description:
        'Antwoorden van het college op de schriftelijke vragen van een raadsfractie over gevaarlijke verkeerssituaties bij basisscholen, de aanleg van schoolzones en de inzet van verkeersbrigadiers.',
      ...raad,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: ['Verkeer en vervoer', 'Onderwijs', 'Veiligheid'],
      modified: '2024-06-13',
      files: [
        {
          kind: 'docx',
          name: 'schriftelijke-vragen-verkeersveiligheid-scholen.docx',
          doc: {
            title: 'Beantwoording schriftelijke vragen ex artikel 40 Reglement van orde',
            subtitle: 'Onderwerp: verkeersveiligheid rond scholen',
            dateLine: 'Verzonden op 13 juni 2024',
            blocks: [
              h2('Vraag 1'),
              p(
                "Is het college bekend met de zorgen van ouders over de verkeerssituatie bij Basisschool De Regenboog aan de Schoolstraat, waar kinderen tussen dubbel geparkeerde auto's moeten oversteken?",
              ),
              p(
                'Antwoord: Ja. Wij hebben in mei met de school, ouders en de wijkagent ter plaatse gekeken. Het halen en brengen met de auto zorgt in de ochtend voor gevaarlijke situaties.',
              ),
              h2('Vraag 2'),
              p('Welke maatregelen neemt het college?'),
              p(
                'Antwoord: Na de zomervakantie richten wij bij De Regenboog, het Kompas en de Wegwijzer een schoolzone in, met rode bestrating, een maximumsnelheid van 30 kilometer per uur en een kiss-and-ride-strook op veilige afstand van de ingang. Bij twee scholen wordt de straat tijdens begin- en eindtijden afgesloten voor autoverkeer, als proef met een schoolstraat.',
              ),
              h2('Vraag 3'),
              p('Is het college bereid meer verkeersbrigadiers in te zetten?'),
              p(
                'Antwoord: De gemeente werft en traint verkeersbrigadiers samen met Veilig Verkeer Nederland. Er zijn nu 46 vrijwilligers actief, vaak ouders of grootouders. Wij steunen scholen bij het werven van meer brigadiers en vergoeden de hesjes en de training.',
              ),
              h2('Vraag 4'),
              p(
                'Hoeveel verkeersongevallen met kinderen op weg naar school zijn er de afgelopen vijf jaar geregistreerd?',
              ),
              p(
                'Antwoord: In de periode 2019-2023 zijn in de omgeving van basisscholen 14 ongevallen met letsel geregistreerd waarbij een kind betrokken was, meestal als fietser. De cijfers per wijk staan in de dataset verkeersongevallen op het open data portaal.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'verslag-bewonersavond-noord',
      title: 'Verslag bewonersavond wijk Noord, oktober 2024',
      description:
        'Verslag van de bewonersavond in het wijkcentrum van Noord, waar bewoners met de wijkwethouder, de wijkagent en medewerkers van de gemeente spraken over parkeren, groenonderhoud, de nieuwe speeltuin en overlast in de wijk.',
      contentTypeName: 'Overig',
      license: DOCUMENT_LICENSE,
      sourceFriendlyName: 'Verkeer en Openbare Ruimte',
      themes: [],
      modified: '2024-10-24',
      files: [
        {
          kind: 'docx',
          name: 'verslag-bewonersavond-noord.docx',
          doc: {
            title: 'Verslag bewonersavond wijk Noord',
            subtitle: 'Wijkcentrum De Beuk, dinsdag 22 oktober 2024, 19.30-21.30 uur',
            dateLine: 'Opgesteld door het wijkteam Noord',
            blocks: [
              h1('Aanwezig'),
              p(
                'Ongeveer 70 bewoners, de wethouder voor de wijk Noord, de wijkagent, de wijkbeheerder, twee medewerkers van het wijkteam en een opbouwwerker van de welzijnsorganisatie.',
              ),
              h1('Parkeren'),
              p(
                'Bewoners van de Beukenlaan en de Lindelaan ervaren parkeerdruk door bezoekers van het station. De gemeente onderzoekt betaald parkeren met een vergunning voor bewoners. In het voorjaar volgt een parkeerdrukmeting en een enquête onder alle bewoners.',
              ),
              h1('Groen en speelruimte'),
              p(
                'De nieuwe speeltuin bij de Eikenhof wordt in maart 2025 geopend; kinderen van de basisschool hebben meegedacht over de speeltoestellen. Bewoners vragen om vaker maaien langs de Spoorsingel. De wijkbeheerder legt uit dat daar bewust ecologisch wordt gemaaid voor bloemen en insecten.',
              ),
              h1('Overlast en burenruzies'),
              p(
                'Enkele bewoners melden geluidsoverlast en ruzies tussen buren in de flats aan de Molenweg. De wijkagent raadt aan om eerst met elkaar in gesprek te gaan. Lukt dat niet, dan kan buurtbemiddeling helpen: getrainde vrijwilligers brengen buren met elkaar in gesprek, gratis en vertrouwelijk. Aanmelden kan bij het wijkteam.',
              ),
              h1('Afspraken'),
              list(
                'Het wijkteam stuurt een brief over de parkeerdrukmeting.',
                'De wijkbeheerder plaatst twee extra afvalbakken bij het winkelcentrum.',
                'De volgende bewonersavond is in april 2025.',
              ),
            ],
          },
        },
      ],
    },
  ]
}
