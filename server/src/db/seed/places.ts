import type { LocationKind } from '@roam/contract/locations';
import { seedId } from './random.ts';

// Demo countries and rental locations: real coordinates (WGS 84) and IANA time zones (docs/architecture.md §5 "Time").
// Names are given in the five product languages, in the order en, fr, es, se (Swedish), de.

type Names = { en: string; fr: string; es: string; se: string; de: string };
type NameList = readonly [en: string, fr: string, es: string, se: string, de: string];

const names = ([en, fr, es, se, de]: NameList): Names => ({ en, fr, es, se, de });

export const COUNTRIES = [
  { code: 'FR', timeZone: 'Europe/Paris', names: names(['France', 'France', 'Francia', 'Frankrike', 'Frankreich']) },
  { code: 'MA', timeZone: 'Africa/Casablanca', names: names(['Morocco', 'Maroc', 'Marruecos', 'Marocko', 'Marokko']) },
  { code: 'ES', timeZone: 'Europe/Madrid', names: names(['Spain', 'Espagne', 'España', 'Spanien', 'Spanien']) },
  {
    code: 'DE',
    timeZone: 'Europe/Berlin',
    names: names(['Germany', 'Allemagne', 'Alemania', 'Tyskland', 'Deutschland']),
  },
  { code: 'SE', timeZone: 'Europe/Stockholm', names: names(['Sweden', 'Suède', 'Suecia', 'Sverige', 'Schweden']) },
  {
    code: 'GB',
    timeZone: 'Europe/London',
    names: names(['United Kingdom', 'Royaume-Uni', 'Reino Unido', 'Storbritannien', 'Vereinigtes Königreich']),
  },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];

export type LocationSeed<K extends string = string> = {
  key: K;
  country: CountryCode;
  /** Key of the enclosing city; parents are listed before their children. */
  parent: string | null;
  kind: LocationKind;
  latitude: number;
  longitude: number;
  timeZone: string;
  names: Names;
};

function place<K extends string>(
  key: K,
  country: CountryCode,
  kind: LocationKind,
  [latitude, longitude]: readonly [number, number],
  nameList: NameList,
  options: { parent?: string; timeZone?: string } = {},
): LocationSeed<K> {
  const timeZone = options.timeZone ?? COUNTRIES.find((entry) => entry.code === country)?.timeZone;
  if (!timeZone) throw new Error(`no time zone for ${country}`);
  return { key, country, parent: options.parent ?? null, kind, latitude, longitude, timeZone, names: names(nameList) };
}

// biome-ignore format: one location per line reads as a table
export const LOCATIONS = [
  // France
  place('paris', 'FR', 'city', [48.8566, 2.3522], ['Paris', 'Paris', 'París', 'Paris', 'Paris']),
  place('parisCdg', 'FR', 'airport', [49.0097, 2.5479], ['Paris Charles de Gaulle Airport', 'Aéroport Paris-Charles-de-Gaulle', 'Aeropuerto de París-Charles de Gaulle', 'Paris-Charles de Gaulle flygplats', 'Flughafen Paris-Charles-de-Gaulle'], { parent: 'paris' }),
  place('parisOrly', 'FR', 'airport', [48.7233, 2.3794], ['Paris Orly Airport', 'Aéroport de Paris-Orly', 'Aeropuerto de París-Orly', 'Paris-Orly flygplats', 'Flughafen Paris-Orly'], { parent: 'paris' }),
  place('parisGareDeLyon', 'FR', 'station', [48.8443, 2.3744], ['Paris Gare de Lyon station', 'Gare de Lyon (Paris)', 'Estación de París-Gare de Lyon', 'Paris Gare de Lyon järnvägsstation', 'Bahnhof Paris Gare de Lyon'], { parent: 'paris' }),
  place('lyon', 'FR', 'city', [45.764, 4.8357], ['Lyon', 'Lyon', 'Lyon', 'Lyon', 'Lyon']),
  place('lyonAirport', 'FR', 'airport', [45.7256, 5.0811], ['Lyon Saint-Exupéry Airport', 'Aéroport de Lyon-Saint-Exupéry', 'Aeropuerto de Lyon-Saint-Exupéry', 'Lyon-Saint-Exupéry flygplats', 'Flughafen Lyon-Saint-Exupéry'], { parent: 'lyon' }),
  place('niceAirport', 'FR', 'airport', [43.6653, 7.215], ["Nice Côte d'Azur Airport", "Aéroport Nice-Côte d'Azur", 'Aeropuerto de Niza-Costa Azul', "Nice-Côte d'Azur flygplats", "Flughafen Nizza Côte d'Azur"]),
  place('marseille', 'FR', 'city', [43.2965, 5.3698], ['Marseille', 'Marseille', 'Marsella', 'Marseille', 'Marseille']),
  // Morocco
  place('casablanca', 'MA', 'city', [33.5731, -7.5898], ['Casablanca', 'Casablanca', 'Casablanca', 'Casablanca', 'Casablanca']),
  place('casablancaAirport', 'MA', 'airport', [33.3675, -7.5878], ['Casablanca Mohammed V Airport', 'Aéroport Mohammed-V de Casablanca', 'Aeropuerto Mohammed V de Casablanca', 'Casablanca Mohammed V flygplats', 'Flughafen Casablanca Mohammed V'], { parent: 'casablanca' }),
  place('marrakech', 'MA', 'city', [31.6295, -7.9811], ['Marrakech', 'Marrakech', 'Marrakech', 'Marrakech', 'Marrakesch']),
  place('marrakechAirport', 'MA', 'airport', [31.6069, -8.0363], ['Marrakech Menara Airport', 'Aéroport de Marrakech-Ménara', 'Aeropuerto de Marrakech-Menara', 'Marrakech-Menara flygplats', 'Flughafen Marrakesch-Menara'], { parent: 'marrakech' }),
  place('rabat', 'MA', 'city', [34.0209, -6.8416], ['Rabat', 'Rabat', 'Rabat', 'Rabat', 'Rabat']),
  place('tangier', 'MA', 'city', [35.7595, -5.834], ['Tangier', 'Tanger', 'Tánger', 'Tanger', 'Tanger']),
  // Spain (Tenerife keeps Canary Islands time, one hour behind the mainland)
  place('madrid', 'ES', 'city', [40.4168, -3.7038], ['Madrid', 'Madrid', 'Madrid', 'Madrid', 'Madrid']),
  place('madridAirport', 'ES', 'airport', [40.4722, -3.5608], ['Madrid-Barajas Airport', 'Aéroport de Madrid-Barajas', 'Aeropuerto Adolfo Suárez Madrid-Barajas', 'Madrid-Barajas flygplats', 'Flughafen Madrid-Barajas'], { parent: 'madrid' }),
  place('madridAtocha', 'ES', 'station', [40.4066, -3.6892], ['Madrid Atocha station', 'Gare de Madrid-Atocha', 'Estación de Madrid-Atocha', 'Madrid-Atocha järnvägsstation', 'Bahnhof Madrid-Atocha'], { parent: 'madrid' }),
  place('barcelona', 'ES', 'city', [41.3874, 2.1686], ['Barcelona', 'Barcelone', 'Barcelona', 'Barcelona', 'Barcelona']),
  place('barcelonaAirport', 'ES', 'airport', [41.2974, 2.0833], ['Barcelona El Prat Airport', 'Aéroport de Barcelone-El Prat', 'Aeropuerto Josep Tarradellas Barcelona-El Prat', 'Barcelona-El Prat flygplats', 'Flughafen Barcelona-El Prat'], { parent: 'barcelona' }),
  place('malagaAirport', 'ES', 'airport', [36.6749, -4.4991], ['Málaga Airport', 'Aéroport de Malaga-Costa del Sol', 'Aeropuerto de Málaga-Costa del Sol', 'Málaga flygplats', 'Flughafen Málaga']),
  place('tenerifeSouthAirport', 'ES', 'airport', [28.0445, -16.5725], ['Tenerife South Airport', 'Aéroport de Tenerife-Sud', 'Aeropuerto de Tenerife Sur', 'Tenerife Syd flygplats', 'Flughafen Teneriffa Süd'], { timeZone: 'Atlantic/Canary' }),
  // Germany
  place('berlin', 'DE', 'city', [52.52, 13.405], ['Berlin', 'Berlin', 'Berlín', 'Berlin', 'Berlin']),
  place('berlinAirport', 'DE', 'airport', [52.3667, 13.5033], ['Berlin Brandenburg Airport', 'Aéroport de Berlin-Brandebourg', 'Aeropuerto de Berlín-Brandeburgo', 'Berlin-Brandenburgs flygplats', 'Flughafen Berlin Brandenburg'], { parent: 'berlin' }),
  place('berlinHauptbahnhof', 'DE', 'station', [52.5251, 13.3694], ['Berlin Central Station (Hauptbahnhof)', 'Gare centrale de Berlin', 'Estación Central de Berlín', 'Berlins centralstation', 'Berlin Hauptbahnhof'], { parent: 'berlin' }),
  place('munichAirport', 'DE', 'airport', [48.3538, 11.7861], ['Munich Airport', 'Aéroport de Munich', 'Aeropuerto de Múnich', 'Münchens flygplats', 'Flughafen München']),
  place('frankfurtAirport', 'DE', 'airport', [50.0379, 8.5622], ['Frankfurt Airport', 'Aéroport de Francfort', 'Aeropuerto de Fráncfort', 'Frankfurts flygplats', 'Flughafen Frankfurt am Main']),
  place('hamburg', 'DE', 'city', [53.5511, 9.9937], ['Hamburg', 'Hambourg', 'Hamburgo', 'Hamburg', 'Hamburg']),
  // Sweden
  place('stockholm', 'SE', 'city', [59.3293, 18.0686], ['Stockholm', 'Stockholm', 'Estocolmo', 'Stockholm', 'Stockholm']),
  place('stockholmArlanda', 'SE', 'airport', [59.6498, 17.9238], ['Stockholm Arlanda Airport', 'Aéroport de Stockholm-Arlanda', 'Aeropuerto de Estocolmo-Arlanda', 'Stockholm-Arlanda flygplats', 'Flughafen Stockholm-Arlanda'], { parent: 'stockholm' }),
  place('stockholmCentral', 'SE', 'station', [59.3303, 18.0582], ['Stockholm Central Station', 'Gare centrale de Stockholm', 'Estación Central de Estocolmo', 'Stockholms centralstation', 'Stockholm Hauptbahnhof'], { parent: 'stockholm' }),
  place('gothenburg', 'SE', 'city', [57.7089, 11.9746], ['Gothenburg', 'Göteborg', 'Gotemburgo', 'Göteborg', 'Göteborg']),
  place('gothenburgAirport', 'SE', 'airport', [57.6628, 12.2798], ['Gothenburg Landvetter Airport', 'Aéroport de Göteborg-Landvetter', 'Aeropuerto de Gotemburgo-Landvetter', 'Göteborg Landvetter flygplats', 'Flughafen Göteborg-Landvetter'], { parent: 'gothenburg' }),
  // United Kingdom
  place('london', 'GB', 'city', [51.5074, -0.1278], ['London', 'Londres', 'Londres', 'London', 'London']),
  place('londonHeathrow', 'GB', 'airport', [51.47, -0.4543], ['London Heathrow Airport', 'Aéroport de Londres-Heathrow', 'Aeropuerto de Londres-Heathrow', 'London-Heathrow flygplats', 'Flughafen London Heathrow'], { parent: 'london' }),
  place('londonGatwick', 'GB', 'airport', [51.1537, -0.1821], ['London Gatwick Airport', 'Aéroport de Londres-Gatwick', 'Aeropuerto de Londres-Gatwick', 'London-Gatwick flygplats', 'Flughafen London Gatwick'], { parent: 'london' }),
  place('manchesterAirport', 'GB', 'airport', [53.3588, -2.2727], ['Manchester Airport', 'Aéroport de Manchester', 'Aeropuerto de Mánchester', 'Manchesters flygplats', 'Flughafen Manchester']),
  place('edinburgh', 'GB', 'city', [55.9533, -3.1883], ['Edinburgh', 'Édimbourg', 'Edimburgo', 'Edinburgh', 'Edinburgh']),
];

export type LocationKey = (typeof LOCATIONS)[number]['key'];

/**
 * Each place's rental desk, as a booking's confirmation shows it: the real street address of the
 * airport terminal or the station, in the country's own words; a city's desk is at its main railway station.
 */
export const ADDRESSES: Record<LocationKey, string> = {
  paris: 'Gare Montparnasse, 17 boulevard de Vaugirard, 75015 Paris',
  parisCdg: 'Aéroport Paris-Charles de Gaulle, Terminal 2, 95700 Roissy-en-France',
  parisOrly: 'Aéroport de Paris-Orly, 94390 Orly',
  parisGareDeLyon: 'Place Louis-Armand, 75012 Paris',
  lyon: 'Gare de Lyon Part-Dieu, 5 place Charles Béraudier, 69003 Lyon',
  lyonAirport: 'Aéroport Lyon-Saint Exupéry, 69125 Colombier-Saugnieu',
  niceAirport: "Aéroport Nice Côte d'Azur, Terminal 2, 06200 Nice",
  marseille: 'Gare de Marseille-Saint-Charles, square Narvik, 13001 Marseille',
  casablanca: 'Gare de Casa-Voyageurs, boulevard Ba Hmad, 20300 Casablanca',
  casablancaAirport: 'Aéroport Mohammed V, 27182 Nouaceur',
  marrakech: 'Gare de Marrakech, avenue Hassan II, 40000 Marrakech',
  marrakechAirport: 'Aéroport Marrakech-Ménara, 40000 Marrakech',
  rabat: 'Gare de Rabat-Ville, avenue Mohammed V, 10000 Rabat',
  tangier: 'Gare de Tanger-Ville, place de la Marche Verte, 90000 Tanger',
  madrid: 'Estación de Madrid-Chamartín, calle de Agustín de Foxá, 28036 Madrid',
  madridAirport: 'Aeropuerto Adolfo Suárez Madrid-Barajas, Terminal 4, 28042 Madrid',
  madridAtocha: 'Plaza del Emperador Carlos V, 28045 Madrid',
  barcelona: 'Estació de Sants, plaça dels Països Catalans, 08014 Barcelona',
  barcelonaAirport: 'Aeropuerto Josep Tarradellas Barcelona-El Prat, Terminal 1, 08820 El Prat de Llobregat',
  malagaAirport: 'Aeropuerto de Málaga-Costa del Sol, avenida del Comandante García Morato, 29004 Málaga',
  tenerifeSouthAirport: 'Aeropuerto de Tenerife Sur, 38610 Granadilla de Abona',
  berlin: 'Berlin Ostbahnhof, Koppenstraße 3, 10243 Berlin',
  berlinAirport: 'Flughafen BER, Terminal 1, Willy-Brandt-Platz, 12529 Schönefeld',
  berlinHauptbahnhof: 'Europaplatz 1, 10557 Berlin',
  munichAirport: 'Flughafen München, Nordallee 25, 85356 München',
  frankfurtAirport: 'Flughafen Frankfurt am Main, Terminal 1, 60547 Frankfurt am Main',
  hamburg: 'Hamburg Hauptbahnhof, Hachmannplatz 16, 20099 Hamburg',
  stockholm: 'Cityterminalen, Klarabergsviadukten 72, 111 64 Stockholm',
  stockholmArlanda: 'Stockholm Arlanda Airport, Terminal 5, 190 45 Stockholm-Arlanda',
  stockholmCentral: 'Centralplan 15, 111 20 Stockholm',
  gothenburg: 'Göteborgs centralstation, Drottningtorget 5, 411 03 Göteborg',
  gothenburgAirport: 'Göteborg Landvetter Airport, 438 80 Landvetter',
  london: "King's Cross station, Euston Road, London N1 9AL",
  londonHeathrow: 'Heathrow Airport, Terminal 5, Longford TW6 2GA',
  londonGatwick: 'Gatwick Airport, South Terminal, Horley RH6 0NP',
  manchesterAirport: 'Manchester Airport, Terminal 1, Manchester M90 1QX',
  edinburgh: 'Edinburgh Waverley, Waverley Bridge, Edinburgh EH1 1BB',
};

export const countryId = (code: CountryCode) => seedId(`country:${code}`);
export const locationId = (key: string) => seedId(`location:${key}`);
