// Reference data used by more than one demo document (a map and a table of the same things).
import type { Position } from '../lib/types.ts'
import { WIJKEN, round6, wijkByName } from '../lib/random.ts'

function near(wijk: string, dLon: number, dLat: number): Position {
  const center = wijkByName(wijk).center
  return [round6(center[0] + dLon), round6(center[1] + dLat)]
}

export interface Woningbouwproject {
  naam: string
  wijk: string
  fase: 'Initiatief' | 'Planvorming' | 'Vergunning verleend' | 'In aanbouw' | 'Opgeleverd'
  socialeHuur: number
  middenhuur: number
  koop: number
  opleverjaar: number
  ontwikkelaar: string
  toelichting: string
  center: Position
}

// prettier-ignore
export const WONINGBOUWPROJECTEN: readonly Woningbouwproject[] = [
  { naam: 'Havenfront fase 1', wijk: 'Havenkwartier', fase: 'Opgeleverd', socialeHuur: 64, middenhuur: 48, koop: 72, opleverjaar: 2024, ontwikkelaar: 'Woonstichting Vlietland', toelichting: 'Appartementen op het voormalige scheepswerfterrein, autoluw met een gezamenlijke binnentuin.', center: near('Havenkwartier', -0.002, 0.002) },
  { naam: 'Havenfront fase 2', wijk: 'Havenkwartier', fase: 'In aanbouw', socialeHuur: 80, middenhuur: 60, koop: 95, opleverjaar: 2026, ontwikkelaar: 'Woonstichting Vlietland', toelichting: 'Tweede fase met een gezondheidscentrum en kinderopvang in de plint.', center: near('Havenkwartier', 0.004, 0.001) },
  { naam: 'Spoorzone Noord', wijk: 'Noord', fase: 'Vergunning verleend', socialeHuur: 120, middenhuur: 90, koop: 110, opleverjaar: 2027, ontwikkelaar: 'Ontwikkelcombinatie Spoorzone', toelichting: 'Transformatie van het oude emplacement naar een gemengd woon-werkgebied bij het station.', center: near('Noord', -0.003, -0.004) },
  { naam: 'Kloosterhof', wijk: 'Binnenstad', fase: 'Opgeleverd', socialeHuur: 18, middenhuur: 12, koop: 6, opleverjaar: 2023, ontwikkelaar: 'Stichting Kloosterhof', toelichting: 'Herbestemming van een voormalig klooster tot levensloopbestendige woningen voor ouderen.', center: near('Binnenstad', 0.001, 0.001) },
  { naam: 'Vlietzoom-Oost', wijk: 'Vlietzoom', fase: 'Planvorming', socialeHuur: 150, middenhuur: 120, koop: 230, opleverjaar: 2029, ontwikkelaar: 'Gemeente Voorbeeldstad (grondexploitatie)', toelichting: 'Nieuwe woonwijk aan de rivier met veel groen, een basisschool en een buurtwinkelcentrum.', center: near('Vlietzoom', 0.006, -0.003) },
  { naam: 'Lindehof', wijk: 'Zuid', fase: 'In aanbouw', socialeHuur: 42, middenhuur: 30, koop: 24, opleverjaar: 2025, ontwikkelaar: 'Bouwbedrijf Van der Meulen', toelichting: 'Sloop-nieuwbouw van verouderde portiekflats; huidige huurders krijgen voorrang.', center: near('Zuid', 0.003, 0.002) },
  { naam: 'Molenkwartier', wijk: 'West', fase: 'Initiatief', socialeHuur: 60, middenhuur: 70, koop: 80, opleverjaar: 2030, ontwikkelaar: 'Particulier initiatief', toelichting: 'Verkenning van woningbouw op het bedrijventerrein Molenweg na verplaatsing van de bedrijven.', center: near('West', -0.004, 0.003) },
  { naam: 'Tiny houses Esdoornveld', wijk: 'Buitengebied', fase: 'Vergunning verleend', socialeHuur: 0, middenhuur: 14, koop: 0, opleverjaar: 2025, ontwikkelaar: 'Wooncoöperatie Klein Wonen', toelichting: 'Tijdelijke woonvorm voor tien jaar op een braakliggend kavel aan de dorpsrand.', center: near('Buitengebied', -0.006, -0.004) },
  { naam: 'Stationskwartier', wijk: 'Oost', fase: 'Planvorming', socialeHuur: 96, middenhuur: 110, koop: 84, opleverjaar: 2028, ontwikkelaar: 'Ontwikkelcombinatie Spoorzone', toelichting: 'Hoogstedelijke woningbouw met kantoren bij het tweede station, met een mobiliteitshub.', center: near('Oost', -0.004, 0.003) },
  { naam: 'Beukenhof', wijk: 'Noord', fase: 'Opgeleverd', socialeHuur: 24, middenhuur: 0, koop: 16, opleverjaar: 2024, ontwikkelaar: 'Woonstichting Vlietland', toelichting: 'Grondgebonden rijwoningen rond een hofje; alle woningen zijn gasloos en hebben een warmtepomp.', center: near('Noord', 0.005, 0.003) },
]

export interface Meetpunt {
  id: string
  naam: string
  type: 'Verkeersstation' | 'Achtergrondstation' | 'Sensor'
  wijk: string
  no2: number
  pm10: number
  pm25: number
  position: Position
}

// Annual means 2024 in microgram per cubic metre.
// prettier-ignore
export const MEETPUNTEN: readonly Meetpunt[] = [
  { id: 'LKM01', naam: 'Stationsplein', type: 'Verkeersstation', wijk: 'Binnenstad', no2: 27.4, pm10: 19.8, pm25: 10.9, position: near('Binnenstad', 0.002, 0.002) },
  { id: 'LKM02', naam: 'Ring Noord / Spoorsingel', type: 'Verkeersstation', wijk: 'Noord', no2: 31.2, pm10: 21.3, pm25: 11.6, position: near('Noord', -0.005, -0.002) },
  { id: 'LKM03', naam: 'Zuiderpark', type: 'Achtergrondstation', wijk: 'Zuid', no2: 14.1, pm10: 16.2, pm25: 8.7, position: near('Zuid', 0.001, -0.003) },
  { id: 'LKM04', naam: 'Havenkade', type: 'Verkeersstation', wijk: 'Havenkwartier', no2: 24.8, pm10: 20.4, pm25: 10.2, position: near('Havenkwartier', 0.001, -0.001) },
  { id: 'LKM05', naam: 'Industrieweg', type: 'Verkeersstation', wijk: 'West', no2: 29.5, pm10: 22.9, pm25: 11.8, position: near('West', 0.004, -0.002) },
  { id: 'LKM06', naam: 'Basisschool De Regenboog', type: 'Sensor', wijk: 'Oost', no2: 18.6, pm10: 17.1, pm25: 9.3, position: near('Oost', 0.002, 0.001) },
  { id: 'LKM07', naam: 'Vlietkade', type: 'Sensor', wijk: 'Vlietzoom', no2: 16.9, pm10: 16.8, pm25: 9.0, position: near('Vlietzoom', -0.003, 0.002) },
  { id: 'LKM08', naam: 'Dorpsweg Esdoorn', type: 'Achtergrondstation', wijk: 'Buitengebied', no2: 10.3, pm10: 15.4, pm25: 8.1, position: near('Buitengebied', 0.002, 0.002) },
  { id: 'LKM09', naam: 'Marktstraat', type: 'Sensor', wijk: 'Binnenstad', no2: 22.7, pm10: 18.5, pm25: 9.8, position: near('Binnenstad', -0.002, -0.001) },
]

export interface Parkeergarage {
  naam: string
  type: 'Parkeergarage' | 'P+R-terrein' | 'Parkeerterrein'
  adres: string
  wijk: string
  capaciteit: number
  elektrisch: number
  gehandicapten: number
  tariefPerUur: number | null
  openingstijden: string
  position: Position
}

// prettier-ignore
export const PARKEERGARAGES: readonly Parkeergarage[] = [
  { naam: 'Parkeergarage Centrum', type: 'Parkeergarage', adres: 'Graanmarkt 12', wijk: 'Binnenstad', capaciteit: 620, elektrisch: 40, gehandicapten: 14, tariefPerUur: 3.2, openingstijden: 'dag en nacht geopend', position: near('Binnenstad', 0.0015, -0.001) },
  { naam: 'Parkeergarage Stationsplein', type: 'Parkeergarage', adres: 'Stationsplein 3', wijk: 'Binnenstad', capaciteit: 480, elektrisch: 32, gehandicapten: 10, tariefPerUur: 2.9, openingstijden: 'dag en nacht geopend', position: near('Binnenstad', 0.003, 0.002) },
  { naam: 'Parkeergarage Oude Gracht', type: 'Parkeergarage', adres: 'Oude Gracht 88', wijk: 'Binnenstad', capaciteit: 350, elektrisch: 20, gehandicapten: 8, tariefPerUur: 3.2, openingstijden: 'maandag tot en met zaterdag 7.00-24.00, zondag 10.00-20.00', position: near('Binnenstad', -0.002, 0.001) },
  { naam: 'Parkeergarage Havenkwartier', type: 'Parkeergarage', adres: 'Havenkade 40', wijk: 'Havenkwartier', capaciteit: 410, elektrisch: 60, gehandicapten: 9, tariefPerUur: 2.5, openingstijden: 'dag en nacht geopend', position: near('Havenkwartier', 0.002, 0.0) },
  { naam: 'Parkeerterrein Bleekveld', type: 'Parkeerterrein', adres: 'Bleekveld 1', wijk: 'Binnenstad', capaciteit: 180, elektrisch: 6, gehandicapten: 4, tariefPerUur: 2.0, openingstijden: 'altijd toegankelijk', position: near('Binnenstad', -0.004, -0.002) },
  { naam: 'Parkeergarage Ziekenhuis', type: 'Parkeergarage', adres: 'Lindelaan 200', wijk: 'Zuid', capaciteit: 540, elektrisch: 24, gehandicapten: 30, tariefPerUur: 2.4, openingstijden: 'dag en nacht geopend', position: near('Zuid', -0.002, 0.001) },
  { naam: 'P+R Vlietzoom', type: 'P+R-terrein', adres: 'Vlietkade 2', wijk: 'Vlietzoom', capaciteit: 300, elektrisch: 12, gehandicapten: 6, tariefPerUur: null, openingstijden: 'altijd toegankelijk; gratis met bus of deelfiets naar het centrum', position: near('Vlietzoom', 0.005, 0.004) },
  { naam: 'P+R Noord', type: 'P+R-terrein', adres: 'Spoorsingel 150', wijk: 'Noord', capaciteit: 260, elektrisch: 10, gehandicapten: 5, tariefPerUur: null, openingstijden: 'altijd toegankelijk; gratis met bus of deelfiets naar het centrum', position: near('Noord', 0.006, 0.004) },
]

export interface School {
  brin: string
  naam: string
  soort: 'Basisonderwijs' | 'Speciaal basisonderwijs' | 'Voortgezet onderwijs'
  denominatie: string
  wijk: string
  adres: string
  bouwjaar: number
  vloeroppervlak: number
  leerlingen: number
  energielabel: string
  maatregel: string
  position: Position
}

// prettier-ignore
export const SCHOLEN: readonly School[] = [
  { brin: '99AA', naam: 'Basisschool De Regenboog', soort: 'Basisonderwijs', denominatie: 'openbaar', wijk: 'Oost', adres: 'Schoolstraat 4', bouwjaar: 1978, vloeroppervlak: 1850, leerlingen: 312, energielabel: 'D', maatregel: 'Renovatie en verduurzaming gepland in 2026', position: near('Oost', 0.002, 0.0015) },
  { brin: '99AB', naam: 'CBS De Wegwijzer', soort: 'Basisonderwijs', denominatie: 'protestants-christelijk', wijk: 'Noord', adres: 'Beukenlaan 17', bouwjaar: 2009, vloeroppervlak: 2100, leerlingen: 398, energielabel: 'B', maatregel: 'Zonnepanelen geplaatst in 2023', position: near('Noord', 0.001, 0.002) },
  { brin: '99AC', naam: 'OBS De Vlieter', soort: 'Basisonderwijs', denominatie: 'openbaar', wijk: 'Vlietzoom', adres: 'Wilgenweg 8', bouwjaar: 1985, vloeroppervlak: 1620, leerlingen: 244, energielabel: 'E', maatregel: 'Vervangende nieuwbouw in Vlietzoom-Oost', position: near('Vlietzoom', -0.002, -0.002) },
  { brin: '99AD', naam: 'RKBS Sint Jozef', soort: 'Basisonderwijs', denominatie: 'rooms-katholiek', wijk: 'Binnenstad', adres: 'Kerkplein 2', bouwjaar: 1926, vloeroppervlak: 1400, leerlingen: 186, energielabel: 'F', maatregel: 'Monumentaal pand; isolatie van dak en ramen in voorbereiding', position: near('Binnenstad', 0.0005, 0.0025) },
  { brin: '99AE', naam: 'Basisschool Het Kompas', soort: 'Basisonderwijs', denominatie: 'algemeen bijzonder', wijk: 'Zuid', adres: 'Kastanjelaan 30', bouwjaar: 1998, vloeroppervlak: 2300, leerlingen: 421, energielabel: 'C', maatregel: 'Ventilatie verbeterd (frisse scholen) in 2022', position: near('Zuid', 0.004, -0.001) },
  { brin: '99AF', naam: 'Daltonschool De Klimop', soort: 'Basisonderwijs', denominatie: 'openbaar', wijk: 'West', adres: 'Molenweg 61', bouwjaar: 1972, vloeroppervlak: 1700, leerlingen: 263, energielabel: 'E', maatregel: 'Onderzoek naar nieuwbouw in het Molenkwartier', position: near('West', 0.001, 0.001) },
  { brin: '99AG', naam: 'IKC Havenkwartier', soort: 'Basisonderwijs', denominatie: 'openbaar', wijk: 'Havenkwartier', adres: 'Havenkade 71', bouwjaar: 2021, vloeroppervlak: 2600, leerlingen: 355, energielabel: 'A+++', maatregel: 'Geen; nieuw gebouw met kinderopvang', position: near('Havenkwartier', -0.003, 0.002) },
  { brin: '99AH', naam: 'Islamitische basisschool Al Noor', soort: 'Basisonderwijs', denominatie: 'islamitisch', wijk: 'Oost', adres: 'Prinsenstraat 45', bouwjaar: 1990, vloeroppervlak: 1250, leerlingen: 198, energielabel: 'C', maatregel: 'Uitbreiding met twee lokalen in 2025', position: near('Oost', -0.003, -0.002) },
  { brin: '99AJ', naam: 'Dorpsschool Esdoorn', soort: 'Basisonderwijs', denominatie: 'openbaar', wijk: 'Buitengebied', adres: 'Dorpsweg 14', bouwjaar: 1954, vloeroppervlak: 780, leerlingen: 74, energielabel: 'G', maatregel: 'Behoud van kleine dorpsschool; verduurzaming in 2025', position: near('Buitengebied', 0.001, 0.0) },
  { brin: '99AK', naam: 'SBO De Brug', soort: 'Speciaal basisonderwijs', denominatie: 'openbaar', wijk: 'Zuid', adres: 'Zuiderpark 5', bouwjaar: 1982, vloeroppervlak: 1350, leerlingen: 132, energielabel: 'D', maatregel: 'Aanpassing schoolplein tot groen schoolplein', position: near('Zuid', -0.004, 0.003) },
  { brin: '99BA', naam: 'Voorbeeldstad College', soort: 'Voortgezet onderwijs', denominatie: 'openbaar', wijk: 'Noord', adres: 'Sportlaan 1', bouwjaar: 2004, vloeroppervlak: 9800, leerlingen: 1460, energielabel: 'B', maatregel: 'Warmtepomp en extra fietsenstalling in 2025', position: near('Noord', -0.005, 0.003) },
  { brin: '99BB', naam: 'Vliet Lyceum', soort: 'Voortgezet onderwijs', denominatie: 'rooms-katholiek', wijk: 'Vlietzoom', adres: 'Vlietkade 120', bouwjaar: 1968, vloeroppervlak: 8700, leerlingen: 1120, energielabel: 'E', maatregel: 'Integraal huisvestingsplan: nieuwbouw gepland na 2028', position: near('Vlietzoom', 0.003, 0.002) },
  { brin: '99BC', naam: 'Vakcollege De Haven', soort: 'Voortgezet onderwijs', denominatie: 'algemeen bijzonder', wijk: 'Havenkwartier', adres: 'Industrieweg 9', bouwjaar: 1993, vloeroppervlak: 6100, leerlingen: 640, energielabel: 'C', maatregel: 'Praktijklokalen techniek gemoderniseerd in 2024', position: near('Havenkwartier', 0.005, -0.002) },
]

export const WIJK_NAMEN: readonly string[] = WIJKEN.map((w) => w.name)
