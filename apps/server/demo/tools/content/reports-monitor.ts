// Reports with figures (annual report, monitors), published as PDF.
import { h1, h2, list, p, table } from '../lib/blocks.ts'
import { DOCUMENT_LICENSE, type DemoDocument } from '../lib/types.ts'

export function monitorReports(): DemoDocument[] {
  const rapport = { contentTypeName: 'Rapport', license: DOCUMENT_LICENSE }
  return [
    {
      key: 'jaarverslag-2024',
      wooCategory: '012',
      title: 'Jaarverslag en jaarrekening 2024, samenvatting',
      description:
        'Samenvatting van het jaarverslag en de jaarrekening 2024 van de gemeente Voorbeeldstad: wat heeft de gemeente bereikt, wat heeft het gekost en hoe staat het met de financiële positie. De gemeente sluit 2024 af met een positief resultaat.',
      ...rapport,
      sourceFriendlyName: 'Financiën en Bestuur',
      themes: ['Bestuur'],
      modified: '2025-06-05',
      files: [
        {
          kind: 'pdf',
          name: 'jaarverslag-2024.pdf',
          doc: {
            title: 'Jaarverslag en jaarrekening 2024',
            subtitle: 'Samenvatting voor de gemeenteraad en inwoners',
            dateLine: 'Aangeboden aan de gemeenteraad op 5 juni 2025',
            blocks: [
              h1('Het jaar in het kort'),
              p(
                '2024 was een jaar waarin de gemeente veel heeft gebouwd en verbouwd. Er werden 412 nieuwe woningen opgeleverd, het nieuwe zwembad De Vliet ging open en de eerste fase van de herinrichting van de Marktstraat is klaar. Tegelijk zagen we de vraag naar jeugdhulp en Wmo-ondersteuning verder stijgen.',
              ),
              h1('Financieel resultaat'),
              p(
                'De jaarrekening sluit met een positief saldo van 3,4 miljoen euro, tegenover een begroot tekort van 1,1 miljoen euro. Het verschil komt vooral door een hogere algemene uitkering uit het gemeentefonds en door projecten die later zijn gestart dan gepland. Het college stelt de gemeenteraad voor om 2,0 miljoen euro toe te voegen aan de algemene reserve en 1,4 miljoen euro te bestemmen voor de vertraagde projecten.',
              ),
              table(
                ['Onderdeel', 'Begroot (x 1.000 euro)', 'Werkelijk (x 1.000 euro)'],
                [
                  ['Lasten', '231.140', '228.720'],
                  ['Baten', '230.040', '232.120'],
                  ['Resultaat', '-1.100', '3.400'],
                ],
              ),
              h1('Financiële positie'),
              list(
                'Het weerstandsvermogen is voldoende: de ratio is 1,6.',
                'De netto schuldquote daalde van 78 naar 74 procent.',
                'De onroerendezaakbelasting steeg met de inflatie, 4,1 procent.',
              ),
              h1('Prestaties per programma'),
              h2('Sociaal domein'),
              p(
                'Het aantal jongeren met jeugdhulp steeg met 6 procent. De wachttijd voor een Wmo-keukentafelgesprek daalde naar gemiddeld drie weken. Het Werkplein hielp 310 inwoners met een bijstandsuitkering aan betaald werk.',
              ),
              h2('Openbare ruimte en verkeer'),
              p(
                'Er zijn 640 bomen geplant en 9 kilometer riolering is vervangen. Het aantal meldingen over de openbare ruimte via de app was 18.200; 91 procent werd binnen de afgesproken termijn afgehandeld.',
              ),
              h2('Dienstverlening'),
              p(
                'Inwoners gaven de dienstverlening van de publiekshal een 8,1. Er werden 14.300 paspoorten en identiteitskaarten uitgegeven, meer dan ooit, omdat veel documenten uit 2014 verliepen.',
              ),
              h1('Verklaring van de accountant'),
              p(
                'De accountant heeft een goedkeurende verklaring afgegeven voor zowel de getrouwheid als de rechtmatigheid van de jaarrekening 2024. Dit is het eerste jaar waarin het college zelf een rechtmatigheidsverantwoording heeft opgenomen.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'economische-monitor-2024',
      wooCategory: '015',
      title: 'Economische monitor Voorbeeldstad 2024',
      description:
        'Jaarlijkse monitor van de lokale economie: aantal vestigingen en banen per sector, leegstand in de binnenstad, werkloosheid en de ontwikkeling van de bedrijventerreinen. Met een vergelijking met de regio en Nederland.',
      ...rapport,
      sourceFriendlyName: 'Onderzoek en Statistiek',
      themes: ['Economie', 'Werk en inkomen'],
      modified: '2024-12-10',
      files: [
        {
          kind: 'pdf',
          name: 'economische-monitor-2024.pdf',
          doc: {
            title: 'Economische monitor Voorbeeldstad 2024',
            dateLine: 'Onderzoek en Statistiek, december 2024',
            blocks: [
              h1('Belangrijkste uitkomsten'),
              list(
                'Het aantal banen groeide met 1,8 procent naar 41.600, sneller dan landelijk.',
                "Het aantal vestigingen steeg naar 7.950, vooral door zzp'ers in de zakelijke dienstverlening.",
                'De winkelleegstand in de binnenstad daalde van 9,2 naar 7,6 procent.',
                'De werkloosheid is 3,4 procent, even hoog als in Nederland.',
              ),
              h1('Banen per sector'),
              table(
                ['Sector', 'Banen 2023', 'Banen 2024', 'Verandering'],
                [
                  ['Zorg en welzijn', '8.900', '9.250', '+3,9%'],
                  ['Handel', '6.700', '6.640', '-0,9%'],
                  ['Industrie en logistiek', '5.300', '5.420', '+2,3%'],
                  ['Zakelijke dienstverlening', '5.100', '5.290', '+3,7%'],
                  ['Onderwijs', '3.600', '3.640', '+1,1%'],
                  ['Horeca en recreatie', '2.700', '2.810', '+4,1%'],
                  ['Overheid', '2.450', '2.470', '+0,8%'],
                  ['Landbouw', '1.050', '1.010', '-3,8%'],
                  ['Overig', '5.060', '5.070', '+0,2%'],
                ],
              ),
              h1('Binnenstad'),
              p(
                'De binnenstad trekt weer meer bezoekers dan voor de coronapandemie. De passantentellingen in de Marktstraat kwamen uit op gemiddeld 11.400 per zaterdag. Leegstaande winkelpanden krijgen vaker een nieuwe functie als horeca, dienstverlening of woning boven de winkel.',
              ),
              h1('Bedrijventerreinen'),
              p(
                'Op de bedrijventerreinen is nauwelijks nog grond beschikbaar. Op het terrein Molenweg onderzoekt de gemeente transformatie naar wonen; bedrijven die daar weg moeten, krijgen voorrang op het nieuwe terrein bij de snelweg. Netcongestie is een groeiend probleem: nieuwe bedrijven wachten soms jaren op een zware aansluiting op het elektriciteitsnet.',
              ),
              h1('Arbeidsmarkt'),
              p(
                'De krapte op de arbeidsmarkt blijft groot, vooral in de zorg, het onderwijs en de techniek. Het aantal openstaande vacatures per werkzoekende is 1,3. Het Werkplein zet in op omscholing en op het aannemen van mensen met afstand tot de arbeidsmarkt via de banenafspraak.',
              ),
            ],
          },
        },
      ],
    },
    {
      key: 'veiligheidsbeeld-2023',
      wooCategory: '015',
      title: 'Veiligheidsbeeld Voorbeeldstad 2023',
      description:
        'Overzicht van de geregistreerde criminaliteit, overlast en het veiligheidsgevoel van inwoners in 2023, per wijk. Het veiligheidsbeeld is de basis voor het integraal veiligheidsplan en is opgesteld samen met politie en brandweer.',
      ...rapport,
      sourceFriendlyName: 'Onderzoek en Statistiek',
      themes: ['Veiligheid'],
      modified: '2024-04-16',
      files: [
        {
          kind: 'pdf',
          name: 'veiligheidsbeeld-2023.pdf',
          doc: {
            title: 'Veiligheidsbeeld Voorbeeldstad 2023',
            subtitle: 'Gemeente, politie en brandweer',
            dateLine: 'April 2024',
            blocks: [
              h1('Samenvatting'),
              p(
                'Het aantal geregistreerde misdrijven in Voorbeeldstad daalde in 2023 met 4 procent naar 3.870. Vooral woninginbraken en fietsdiefstallen namen af. Online oplichting, zoals fraude met betaalverzoeken en nepwebwinkels, nam juist flink toe. Zeven op de tien inwoners voelen zich meestal veilig in de eigen buurt.',
              ),
              h1('Misdrijven naar soort'),
              table(
                ['Soort', '2022', '2023'],
                [
                  ['Woninginbraak', '212', '168'],
                  ['Fietsdiefstal', '640', '575'],
                  ['Zakkenrollerij', '118', '124'],
                  ['Geweldsmisdrijven', '305', '298'],
                  ['Vernieling', '410', '389'],
                  ['Online oplichting', '480', '612'],
                  ['Drugshandel', '64', '71'],
                ],
              ),
              h1('Overlast'),
              p(
                'De politie registreerde 2.950 meldingen van overlast, waarvan een derde over jeugd. Rond het Stationsplein en in het Zuiderpark zijn in de zomer cameratoezicht en extra handhaving ingezet. Overlast door verwarde personen blijft veel capaciteit van de politie vragen; daarom is een straatteam met zorgprofessionals gestart.',
              ),
              h1('Ondermijning'),
              p(
                'Samen met de Belastingdienst en het Regionaal Informatie- en Expertisecentrum voerde de gemeente controles uit op bedrijventerreinen en vakantieparken. Er zijn drie panden gesloten op grond van de Opiumwet.',
              ),
              h1('Brandveiligheid'),
              p(
                "De brandweer rukte 412 keer uit, waarvan 96 keer voor een woningbrand. Het aantal branden door laadapparaten en accu's van elektrische fietsen verdubbelde; de brandweer geeft voorlichting over veilig opladen.",
              ),
            ],
          },
        },
      ],
    },
  ]
}
