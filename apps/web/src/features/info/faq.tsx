import { Link } from 'react-router'
import { DATA_QUESTION_PATH, HOME_PATH } from '../../shared/routes.ts'
import type { AccordionItem } from '../../shared/ui/Accordion.tsx'

const P = ({ children }: { children: React.ReactNode }) => (
  <p className="utrecht-paragraph">{children}</p>
)

/** The FAQ in Dutch, grouped by subject. Kept apart from the screen so it can be reviewed as text. */
export const FAQ_GROUPS: { title: string; items: AccordionItem[] }[] = [
  {
    title: 'Over het dataportaal',
    items: [
      {
        title: 'Wat is het dataportaal?',
        content: (
          <>
            <P>
              Het dataportaal is de plek waar de gemeente haar open data en openbare documenten
              publiceert. U vindt hier cijfers, onderzoeksrapporten, kaarten, beleidsdocumenten en
              raadsinformatie, op één plek en zonder in te loggen.
            </P>
            <P>
              Medewerkers van de gemeente voegen documenten toe. Voordat iets openbaar wordt,
              controleert een beheerder of het compleet en juist is en geen privacygevoelige
              gegevens bevat.
            </P>
          </>
        ),
      },
      {
        title: 'Wat gebeurt er met mijn e-mailadres als ik iets volg via e-mail?',
        content: (
          <>
            <P>
              Met 'Volg via e-mail' bij een zoekopdracht, een thema of een document krijgt u bericht
              als er iets nieuws is. Wij bewaren uw e-mailadres alleen voor uw aanmeldingen en
              gebruiken het nergens anders voor. Het staat nooit op de website en komt niet volledig
              in onze logbestanden.
            </P>
            <P>
              U ontvangt eerst een e-mail met een bevestigingslink. Bevestigt u niet binnen 48 uur,
              dan vergeten wij de aanmelding. In elk bericht staat een link om u met één klik af te
              melden en een link om al uw aanmeldingen te beheren. Meldt u zich voor alles af, dan
              verwijderen wij uw e-mailadres.
            </P>
          </>
        ),
      },
      {
        title: 'Welke informatie vind ik hier?',
        content: (
          <>
            <P>
              Datasets (tabellen met cijfers, bijvoorbeeld over bevolking, wonen, werk en verkeer),
              rapporten en onderzoeken, kaarten, beleidsdocumenten, raadsinformatie en dashboards.
              Veel cijfers komen van het Centraal Bureau voor de Statistiek (CBS); bij elk document
              staat de bron.
            </P>
            <P>
              Het portaal bevat geen gegevens over personen. Informatie die tot een persoon te
              herleiden is, publiceert de gemeente niet.
            </P>
          </>
        ),
      },
      {
        title: 'Hoe actueel is de informatie?',
        content: (
          <P>
            Bij elk document staan de datum waarop de informatie betrekking heeft, de datum van
            publicatie en de datum van de laatste wijziging. Wordt een document bijgewerkt, dan
            wordt het opnieuw gecontroleerd voordat de nieuwe versie zichtbaar is.
          </P>
        ),
      },
    ],
  },
  {
    title: 'Zoeken en vinden',
    items: [
      {
        title: 'Hoe zoek ik?',
        content: (
          <>
            <P>
              Typ in de zoekbalk bovenaan een of meer woorden van minimaal twee tekens en druk op
              Enter of op de zoekknop. Tijdens het typen ziet u suggesties; met de pijltjestoetsen
              kiest u er een.
            </P>
            <P>
              De zoekfunctie vindt ook andere vormen van een woord (zoekt u op ‘fiets’, dan vindt u
              ook ‘fietsenstalling’), herkent veelgebruikte synoniemen en verbetert kleine
              typefouten.
            </P>
          </>
        ),
      },
      {
        title: 'Hoe maak ik mijn zoekresultaten kleiner?',
        content: (
          <P>
            Naast de resultaten staan filters, zoals soort document en thema. Vink een of meer
            waarden aan om alleen die documenten te zien. Met ‘Filters’ zet u ook filters op bron,
            waardering en jaar aan of uit. U kunt de resultaten sorteren op relevantie, datum of
            waardering. De filters staan in het webadres, zodat u een zoekopdracht kunt bewaren of
            delen.
          </P>
        ),
      },
      {
        title: 'Kan ik bladeren zonder te zoeken?',
        content: (
          <P>
            Ja. Op de{' '}
            <Link className="utrecht-link" to={HOME_PATH}>
              startpagina
            </Link>{' '}
            staan alle thema’s en soorten documenten met het aantal documenten. Een klik toont alle
            documenten van dat thema of die soort.
          </P>
        ),
      },
    ],
  },
  {
    title: 'Gebruik van de data',
    items: [
      {
        title: 'Mag ik de data hergebruiken?',
        content: (
          <>
            <P>
              Ja, binnen de licentie die bij elk document staat. Datasets van de gemeente vallen
              meestal onder CC0 1.0: u mag ze zonder voorwaarden gebruiken. Voor cijfers van het CBS
              geldt CC BY 4.0: u mag ze gebruiken als u het CBS als bron vermeldt.
            </P>
            <P>
              Voor rapporten en andere documenten staat de licentie eveneens bij het document.
              Twijfelt u, stel dan een datavraag.
            </P>
          </>
        ),
      },
      {
        title: 'Welke bestandsformaten zijn er en hoe download ik een bestand?',
        content: (
          <P>
            Op de pagina van een document staan de bestanden met hun formaat en grootte, zoals CSV,
            Excel (XLSX), JSON, GeoJSON en PDF. Kies ‘Downloaden’ om een bestand op te slaan. Van
            tabellen, kaarten en PDF-bestanden ziet u op de pagina al een voorbeeld.
          </P>
        ),
      },
    ],
  },
  {
    title: 'Hulp en contact',
    items: [
      {
        title: 'Ik kan niet vinden wat ik zoek. Wat nu?',
        content: (
          <P>
            Stel een{' '}
            <Link className="utrecht-link" to={DATA_QUESTION_PATH}>
              datavraag
            </Link>
            . Beschrijf welke gegevens u zoekt en waarvoor; het datateam van de gemeente zoekt het
            voor u uit en neemt contact met u op.
          </P>
        ),
      },
      {
        title: 'Is het dataportaal toegankelijk?',
        content: (
          <P>
            Het portaal is gebouwd volgens de toegankelijkheidsrichtlijnen (WCAG 2.1 niveau AA) en
            werkt volledig met het toetsenbord. Met de knop ‘Hoog contrast’ bovenaan zet u gele
            tekst op een zwarte achtergrond aan; uw keuze wordt onthouden.
          </P>
        ),
      },
      {
        title: 'Wat gebeurt er met mijn gegevens?',
        content: (
          <P>
            Als bezoeker hoeft u niet in te loggen. Om het portaal te verbeteren houden wij bij
            welke zoekwoorden worden gebruikt en welke documenten worden geopend, zonder te bewaren
            wie dat deed. Het portaal gebruikt geen tracking cookies.
          </P>
        ),
      },
      {
        title: 'Ik werk bij de gemeente. Wat kan ik hier meer?',
        content: (
          <P>
            Medewerkers loggen in met hun werkaccount via ‘Inloggen’ in het menu. Zij kunnen
            documenten als favoriet bewaren, beoordelen, van thema’s en labels voorzien, thema’s
            volgen en zelf documenten uploaden en beheren.
          </P>
        ),
      },
    ],
  },
]
