/**
 * Notable luxury places with their real street addresses, postal codes and coordinates: the
 * offline places provider searches them (with the vendor directory) when no Google or Photon is
 * configured. Coordinates are the building's, to about a hundred metres.
 */
export type LuxuryPlaceKind = 'hotel' | 'restaurant' | 'spa' | 'boutique' | 'jeweller';

interface Locality {
  city: string;
  state: [long: string, short: string];
  country: [long: string, short: string];
}

export interface LuxuryPlace extends Locality {
  /** Stable id, answered as `local:<slug>`. */
  slug: string;
  name: string;
  kind: LuxuryPlaceKind;
  streetNumber: string;
  route: string;
  postalCode: string;
  lat: number;
  lng: number;
  website?: string;
}

const CITIES = {
  paris: { city: 'Paris', state: ['Île-de-France', 'IDF'], country: ['France', 'FR'] },
  cannes: { city: 'Cannes', state: ["Provence-Alpes-Côte d'Azur", 'PACA'], country: ['France', 'FR'] },
  antibes: { city: 'Antibes', state: ["Provence-Alpes-Côte d'Azur", 'PACA'], country: ['France', 'FR'] },
  london: { city: 'London', state: ['England', 'England'], country: ['United Kingdom', 'GB'] },
  newYork: { city: 'New York', state: ['New York', 'NY'], country: ['United States', 'US'] },
  monaco: { city: 'Monaco', state: ['Monaco', 'MC'], country: ['Monaco', 'MC'] },
  dubai: { city: 'Dubai', state: ['Dubai', 'DU'], country: ['United Arab Emirates', 'AE'] },
  tokyo: { city: 'Tokyo', state: ['Tokyo', 'Tokyo'], country: ['Japan', 'JP'] },
  milan: { city: 'Milan', state: ['Lombardy', 'MI'], country: ['Italy', 'IT'] },
  stMoritz: { city: 'St. Moritz', state: ['Graubünden', 'GR'], country: ['Switzerland', 'CH'] },
  losAngeles: { city: 'Los Angeles', state: ['California', 'CA'], country: ['United States', 'US'] },
  beverlyHills: { city: 'Beverly Hills', state: ['California', 'CA'], country: ['United States', 'US'] },
  miami: { city: 'Miami', state: ['Florida', 'FL'], country: ['United States', 'US'] },
  miamiBeach: { city: 'Miami Beach', state: ['Florida', 'FL'], country: ['United States', 'US'] },
  surfside: { city: 'Surfside', state: ['Florida', 'FL'], country: ['United States', 'US'] },
  balHarbour: { city: 'Bal Harbour', state: ['Florida', 'FL'], country: ['United States', 'US'] },
  aspen: { city: 'Aspen', state: ['Colorado', 'CO'], country: ['United States', 'US'] },
  hongKong: { city: 'Hong Kong', state: ['Kowloon', 'KLN'], country: ['Hong Kong', 'HK'] },
  singapore: { city: 'Singapore', state: ['Singapore', 'SG'], country: ['Singapore', 'SG'] },
} satisfies Record<string, { city: string; state: [string, string]; country: [string, string] }>;

type CityKey = keyof typeof CITIES;

function place(
  slug: string,
  name: string,
  kind: LuxuryPlaceKind,
  [streetNumber, route]: [string, string],
  at: CityKey,
  postalCode: string,
  [lat, lng]: [number, number],
  website?: string,
): LuxuryPlace {
  const locality = CITIES[at] as Locality;
  return { slug, name, kind, streetNumber, route, postalCode, lat, lng, website, ...locality };
}

export const LUXURY_PLACES: readonly LuxuryPlace[] = [
  // Paris
  place('ritz-paris', 'Ritz Paris', 'hotel', ['15', 'Place Vendôme'], 'paris', '75001', [48.8681, 2.329], 'https://www.ritzparis.com'),
  place('plaza-athenee-paris', 'Hôtel Plaza Athénée', 'hotel', ['25', 'Avenue Montaigne'], 'paris', '75008', [48.8662, 2.3041], 'https://www.dorchestercollection.com/paris/hotel-plaza-athenee'),
  place('le-bristol-paris', 'Le Bristol Paris', 'hotel', ['112', 'Rue du Faubourg Saint-Honoré'], 'paris', '75008', [48.8718, 2.3147], 'https://www.oetkercollection.com/hotels/le-bristol-paris'),
  place('four-seasons-george-v-paris', 'Four Seasons Hotel George V', 'hotel', ['31', 'Avenue George V'], 'paris', '75008', [48.8688, 2.3006], 'https://www.fourseasons.com/paris'),
  place('le-meurice-paris', 'Le Meurice', 'hotel', ['228', 'Rue de Rivoli'], 'paris', '75001', [48.8651, 2.3281], 'https://www.dorchestercollection.com/paris/le-meurice'),
  place('hotel-de-crillon-paris', 'Hôtel de Crillon', 'hotel', ['10', 'Place de la Concorde'], 'paris', '75008', [48.8676, 2.3215], 'https://www.rosewoodhotels.com/en/hotel-de-crillon'),
  place('shangri-la-paris', 'Shangri-La Paris', 'hotel', ['10', "Avenue d'Iéna"], 'paris', '75116', [48.8636, 2.2937], 'https://www.shangri-la.com/paris'),
  place('cheval-blanc-paris', 'Cheval Blanc Paris', 'hotel', ['8', 'Quai du Louvre'], 'paris', '75001', [48.8591, 2.3423], 'https://www.chevalblanc.com/en/maison/paris'),
  place('guy-savoy-paris', 'Restaurant Guy Savoy', 'restaurant', ['11', 'Quai de Conti'], 'paris', '75006', [48.8565, 2.3394], 'https://www.guysavoy.com'),
  place('arpege-paris', 'Arpège', 'restaurant', ['84', 'Rue de Varenne'], 'paris', '75007', [48.8556, 2.3167], 'https://www.alain-passard.com'),
  place('le-jules-verne-paris', 'Le Jules Verne', 'restaurant', ['5', 'Avenue Gustave Eiffel'], 'paris', '75007', [48.8583, 2.2945], 'https://www.restaurants-toureiffel.com'),
  place('chanel-cambon-paris', 'Chanel 31 Rue Cambon', 'boutique', ['31', 'Rue Cambon'], 'paris', '75001', [48.8679, 2.3262], 'https://www.chanel.com'),
  place('hermes-faubourg-paris', 'Hermès Faubourg Saint-Honoré', 'boutique', ['24', 'Rue du Faubourg Saint-Honoré'], 'paris', '75008', [48.8692, 2.3212], 'https://www.hermes.com'),
  place('dior-montaigne-paris', 'Dior 30 Montaigne', 'boutique', ['30', 'Avenue Montaigne'], 'paris', '75008', [48.8665, 2.3045], 'https://www.dior.com'),
  place('cartier-rue-de-la-paix-paris', 'Cartier Rue de la Paix', 'jeweller', ['13', 'Rue de la Paix'], 'paris', '75002', [48.8693, 2.3313], 'https://www.cartier.com'),
  place('guerlain-spa-paris', 'Guerlain Spa Champs-Élysées', 'spa', ['68', 'Avenue des Champs-Élysées'], 'paris', '75008', [48.871, 2.3048], 'https://www.guerlain.com'),
  // Côte d'Azur
  place('hotel-martinez-cannes', 'Hôtel Martinez', 'hotel', ['73', 'Boulevard de la Croisette'], 'cannes', '06400', [43.5484, 7.0284], 'https://www.hotel-martinez.com'),
  place('carlton-cannes', 'Carlton Cannes', 'hotel', ['58', 'Boulevard de la Croisette'], 'cannes', '06400', [43.5512, 7.0293], 'https://www.carlton-cannes.com'),
  place('hotel-du-cap-eden-roc', 'Hotel du Cap-Eden-Roc', 'hotel', ['', 'Boulevard J.F. Kennedy'], 'antibes', '06160', [43.5442, 7.1228], 'https://www.oetkercollection.com/hotels/hotel-du-cap-eden-roc'),
  // London
  place('the-ritz-london', 'The Ritz London', 'hotel', ['150', 'Piccadilly'], 'london', 'W1J 9BR', [51.5072, -0.1416], 'https://www.theritzlondon.com'),
  place('claridges-london', "Claridge's", 'hotel', ['49', 'Brook Street'], 'london', 'W1K 4HR', [51.5125, -0.1478], 'https://www.claridges.co.uk'),
  place('the-savoy-london', 'The Savoy', 'hotel', ['100', 'Strand'], 'london', 'WC2R 0EZ', [51.5104, -0.1204], 'https://www.thesavoylondon.com'),
  place('the-connaught-london', 'The Connaught', 'hotel', ['', 'Carlos Place'], 'london', 'W1K 2AL', [51.5098, -0.1497], 'https://www.the-connaught.co.uk'),
  place('the-dorchester-london', 'The Dorchester', 'hotel', ['53', 'Park Lane'], 'london', 'W1K 1QA', [51.5073, -0.1527], 'https://www.dorchestercollection.com/london/the-dorchester'),
  place('the-lanesborough-london', 'The Lanesborough', 'hotel', ['', 'Hyde Park Corner'], 'london', 'SW1X 7TA', [51.5025, -0.1527], 'https://www.oetkercollection.com/hotels/the-lanesborough'),
  place('the-berkeley-london', 'The Berkeley', 'hotel', ['', 'Wilton Place'], 'london', 'SW1X 7RL', [51.5018, -0.1573], 'https://www.the-berkeley.co.uk'),
  place('mandarin-oriental-hyde-park-london', 'Mandarin Oriental Hyde Park', 'hotel', ['66', 'Knightsbridge'], 'london', 'SW1X 7LA', [51.5024, -0.1605], 'https://www.mandarinoriental.com/london'),
  place('restaurant-gordon-ramsay-london', 'Restaurant Gordon Ramsay', 'restaurant', ['68', 'Royal Hospital Road'], 'london', 'SW3 4HP', [51.4855, -0.1621], 'https://www.gordonramsayrestaurants.com'),
  place('sketch-london', 'Sketch', 'restaurant', ['9', 'Conduit Street'], 'london', 'W1S 2XG', [51.5128, -0.1415], 'https://sketch.london'),
  place('core-by-clare-smyth-london', 'Core by Clare Smyth', 'restaurant', ['92', 'Kensington Park Road'], 'london', 'W11 2PN', [51.5128, -0.2039], 'https://www.corebyclaresmyth.com'),
  place('harrods-london', 'Harrods', 'boutique', ['87-135', 'Brompton Road'], 'london', 'SW1X 7XL', [51.4994, -0.1632], 'https://www.harrods.com'),
  place('burberry-regent-street-london', 'Burberry Regent Street', 'boutique', ['121', 'Regent Street'], 'london', 'W1B 4TB', [51.511, -0.1386], 'https://www.burberry.com'),
  place('espa-life-corinthia-london', 'ESPA Life at Corinthia', 'spa', ['', 'Whitehall Place'], 'london', 'SW1A 2BD', [51.5066, -0.1238], 'https://www.corinthia.com/london'),
  // New York
  place('the-plaza-new-york', 'The Plaza', 'hotel', ['768', '5th Avenue'], 'newYork', '10019', [40.7646, -73.9743], 'https://www.theplazany.com'),
  place('st-regis-new-york', 'The St. Regis New York', 'hotel', ['2', 'East 55th Street'], 'newYork', '10022', [40.7614, -73.9745], 'https://www.stregisnewyork.com'),
  place('the-carlyle-new-york', 'The Carlyle, A Rosewood Hotel', 'hotel', ['35', 'East 76th Street'], 'newYork', '10021', [40.7743, -73.9635], 'https://www.rosewoodhotels.com/en/the-carlyle-new-york'),
  place('the-pierre-new-york', 'The Pierre', 'hotel', ['2', 'East 61st Street'], 'newYork', '10065', [40.7654, -73.9719], 'https://www.thepierreny.com'),
  place('aman-new-york', 'Aman New York', 'hotel', ['730', '5th Avenue'], 'newYork', '10019', [40.7627, -73.9745], 'https://www.aman.com/hotels/aman-new-york'),
  place('four-seasons-downtown-new-york', 'Four Seasons Hotel New York Downtown', 'hotel', ['27', 'Barclay Street'], 'newYork', '10007', [40.7129, -74.0093], 'https://www.fourseasons.com/newyorkdowntown'),
  place('le-bernardin-new-york', 'Le Bernardin', 'restaurant', ['155', 'West 51st Street'], 'newYork', '10019', [40.7615, -73.9818], 'https://www.le-bernardin.com'),
  place('per-se-new-york', 'Per Se', 'restaurant', ['10', 'Columbus Circle'], 'newYork', '10019', [40.7682, -73.9829], 'https://www.thomaskeller.com/perseny'),
  place('eleven-madison-park-new-york', 'Eleven Madison Park', 'restaurant', ['11', 'Madison Avenue'], 'newYork', '10010', [40.7416, -73.9872], 'https://www.elevenmadisonpark.com'),
  place('daniel-new-york', 'Daniel', 'restaurant', ['60', 'East 65th Street'], 'newYork', '10065', [40.7667, -73.9676], 'https://www.danielnyc.com'),
  place('tiffany-landmark-new-york', 'Tiffany & Co. The Landmark', 'jeweller', ['727', '5th Avenue'], 'newYork', '10022', [40.7626, -73.9739], 'https://www.tiffany.com'),
  place('bergdorf-goodman-new-york', 'Bergdorf Goodman', 'boutique', ['754', '5th Avenue'], 'newYork', '10019', [40.7637, -73.9735], 'https://www.bergdorfgoodman.com'),
  place('spa-mandarin-oriental-new-york', 'The Spa at Mandarin Oriental, New York', 'spa', ['80', 'Columbus Circle'], 'newYork', '10023', [40.7691, -73.9828], 'https://www.mandarinoriental.com/new-york'),
  // Monaco
  place('hotel-de-paris-monte-carlo', 'Hôtel de Paris Monte-Carlo', 'hotel', ['', 'Place du Casino'], 'monaco', '98000', [43.7393, 7.4274], 'https://www.montecarlosbm.com'),
  place('hotel-hermitage-monte-carlo', 'Hôtel Hermitage Monte-Carlo', 'hotel', ['', 'Square Beaumarchais'], 'monaco', '98000', [43.7385, 7.4251], 'https://www.montecarlosbm.com'),
  place('monte-carlo-bay-hotel', 'Monte-Carlo Bay Hotel & Resort', 'hotel', ['40', 'Avenue Princesse Grace'], 'monaco', '98000', [43.7517, 7.4378], 'https://www.montecarlosbm.com'),
  place('le-louis-xv-monte-carlo', "Le Louis XV - Alain Ducasse à l'Hôtel de Paris", 'restaurant', ['', 'Place du Casino'], 'monaco', '98000', [43.7394, 7.4272], 'https://www.ducasse-paris.com'),
  place('thermes-marins-monte-carlo', 'Thermes Marins Monte-Carlo', 'spa', ['2', 'Avenue de Monte-Carlo'], 'monaco', '98000', [43.7378, 7.428], 'https://www.montecarlosbm.com'),
  // Dubai
  place('burj-al-arab-dubai', 'Burj Al Arab Jumeirah', 'hotel', ['', 'Jumeirah Street'], 'dubai', '', [25.1412, 55.1853], 'https://www.jumeirah.com/burj-al-arab'),
  place('atlantis-the-royal-dubai', 'Atlantis The Royal', 'hotel', ['', 'Crescent Road, The Palm'], 'dubai', '', [25.138, 55.129], 'https://www.atlantis.com/atlantis-the-royal'),
  place('armani-hotel-dubai', 'Armani Hotel Dubai', 'hotel', ['1', 'Sheikh Mohammed bin Rashid Boulevard'], 'dubai', '', [25.1972, 55.2744], 'https://www.armanihotels.com'),
  place('one-and-only-the-palm-dubai', 'One&Only The Palm', 'hotel', ['', 'West Crescent, Palm Jumeirah'], 'dubai', '', [25.1042, 55.1494], 'https://www.oneandonlyresorts.com/the-palm'),
  place('ossiano-dubai', 'Ossiano', 'restaurant', ['', 'Crescent Road, Atlantis The Palm'], 'dubai', '', [25.1306, 55.1175], 'https://www.atlantis.com'),
  place('dubai-mall-fashion-avenue', 'Fashion Avenue, The Dubai Mall', 'boutique', ['', 'Financial Centre Road'], 'dubai', '', [25.1985, 55.2796], 'https://thedubaimall.com'),
  // Tokyo
  place('aman-tokyo', 'Aman Tokyo', 'hotel', ['1-5-6', 'Otemachi, Chiyoda City'], 'tokyo', '100-0004', [35.6857, 139.765], 'https://www.aman.com/resorts/aman-tokyo'),
  place('the-peninsula-tokyo', 'The Peninsula Tokyo', 'hotel', ['1-8-1', 'Yurakucho, Chiyoda City'], 'tokyo', '100-0006', [35.6748, 139.7608], 'https://www.peninsula.com/tokyo'),
  place('park-hyatt-tokyo', 'Park Hyatt Tokyo', 'hotel', ['3-7-1-2', 'Nishi-Shinjuku, Shinjuku City'], 'tokyo', '163-1055', [35.6856, 139.6907], 'https://www.hyatt.com'),
  place('mandarin-oriental-tokyo', 'Mandarin Oriental, Tokyo', 'hotel', ['2-1-1', 'Nihonbashi Muromachi, Chuo City'], 'tokyo', '103-8328', [35.6868, 139.773], 'https://www.mandarinoriental.com/tokyo'),
  place('sukiyabashi-jiro-tokyo', 'Sukiyabashi Jiro', 'restaurant', ['4-2-15', 'Ginza, Chuo City'], 'tokyo', '104-0061', [35.6724, 139.7638]),
  place('narisawa-tokyo', 'Narisawa', 'restaurant', ['2-6-15', 'Minami-Aoyama, Minato City'], 'tokyo', '107-0062', [35.6709, 139.7219], 'https://www.narisawa-yoshihiro.com'),
  place('ginza-six-tokyo', 'Ginza Six', 'boutique', ['6-10-1', 'Ginza, Chuo City'], 'tokyo', '104-0061', [35.6697, 139.764], 'https://ginza6.tokyo'),
  // Milan
  place('armani-hotel-milano', 'Armani Hotel Milano', 'hotel', ['31', 'Via Alessandro Manzoni'], 'milan', '20121', [45.4708, 9.1926], 'https://www.armanihotels.com'),
  place('four-seasons-milano', 'Four Seasons Hotel Milano', 'hotel', ['6/8', 'Via Gesù'], 'milan', '20121', [45.4688, 9.1951], 'https://www.fourseasons.com/milan'),
  place('bulgari-hotel-milano', 'Bulgari Hotel Milano', 'hotel', ['7b', 'Via Privata Fratelli Gabba'], 'milan', '20121', [45.4723, 9.1889], 'https://www.bulgarihotels.com/milan'),
  place('park-hyatt-milano', 'Park Hyatt Milano', 'hotel', ['1', 'Via Tommaso Grossi'], 'milan', '20121', [45.466, 9.1895], 'https://www.hyatt.com'),
  place('cracco-in-galleria-milano', 'Cracco in Galleria', 'restaurant', ['', 'Galleria Vittorio Emanuele II'], 'milan', '20121', [45.4655, 9.19], 'https://www.ristorantecracco.it'),
  place('seta-milano', 'Seta by Antonio Guida', 'restaurant', ['9', 'Via Andegari'], 'milan', '20121', [45.4694, 9.1893], 'https://www.mandarinoriental.com/milan'),
  place('prada-galleria-milano', 'Prada Galleria', 'boutique', ['63-65', 'Galleria Vittorio Emanuele II'], 'milan', '20121', [45.4656, 9.1898], 'https://www.prada.com'),
  // St. Moritz
  place('badrutts-palace-st-moritz', "Badrutt's Palace Hotel", 'hotel', ['27', 'Via Serlas'], 'stMoritz', '7500', [46.4976, 9.8405], 'https://www.badruttspalace.com'),
  place('suvretta-house-st-moritz', 'Suvretta House', 'hotel', ['1', 'Via Chasellas'], 'stMoritz', '7500', [46.487, 9.8206], 'https://www.suvrettahouse.ch'),
  place('kulm-hotel-st-moritz', 'Kulm Hotel St. Moritz', 'hotel', ['18', 'Via Veglia'], 'stMoritz', '7500', [46.4985, 9.8413], 'https://www.kulm.com'),
  place('carlton-hotel-st-moritz', 'Carlton Hotel St. Moritz', 'hotel', ['11', 'Via Johannes Badrutt'], 'stMoritz', '7500', [46.4988, 9.8441], 'https://www.carlton-stmoritz.ch'),
  // Los Angeles
  place('beverly-hills-hotel', 'The Beverly Hills Hotel', 'hotel', ['9641', 'Sunset Boulevard'], 'beverlyHills', '90210', [34.0816, -118.4134], 'https://www.dorchestercollection.com/los-angeles/the-beverly-hills-hotel'),
  place('hotel-bel-air-los-angeles', 'Hotel Bel-Air', 'hotel', ['701', 'Stone Canyon Road'], 'losAngeles', '90077', [34.0862, -118.446], 'https://www.dorchestercollection.com/los-angeles/hotel-bel-air'),
  place('peninsula-beverly-hills', 'The Peninsula Beverly Hills', 'hotel', ['9882', 'South Santa Monica Boulevard'], 'beverlyHills', '90212', [34.0665, -118.4113], 'https://www.peninsula.com/beverly-hills'),
  place('waldorf-astoria-beverly-hills', 'Waldorf Astoria Beverly Hills', 'hotel', ['9850', 'Wilshire Boulevard'], 'beverlyHills', '90210', [34.0667, -118.4123], 'https://www.waldorfastoriabeverlyhills.com'),
  place('chateau-marmont-los-angeles', 'Chateau Marmont', 'hotel', ['8221', 'Sunset Boulevard'], 'losAngeles', '90046', [34.0981, -118.3684], 'https://www.chateaumarmont.com'),
  place('providence-los-angeles', 'Providence', 'restaurant', ['5955', 'Melrose Avenue'], 'losAngeles', '90038', [34.0836, -118.3305], 'https://www.providencela.com'),
  place('n-naka-los-angeles', 'n/naka', 'restaurant', ['3455', 'Overland Avenue'], 'losAngeles', '90034', [34.0225, -118.4076], 'https://www.n-naka.com'),
  place('chanel-rodeo-drive-beverly-hills', 'Chanel Rodeo Drive', 'boutique', ['400', 'North Rodeo Drive'], 'beverlyHills', '90210', [34.0682, -118.4022], 'https://www.chanel.com'),
  // Miami
  place('faena-hotel-miami-beach', 'Faena Hotel Miami Beach', 'hotel', ['3201', 'Collins Avenue'], 'miamiBeach', '33140', [25.8077, -80.1236], 'https://www.faena.com/miami-beach'),
  place('the-setai-miami-beach', 'The Setai, Miami Beach', 'hotel', ['2001', 'Collins Avenue'], 'miamiBeach', '33139', [25.7958, -80.1287], 'https://www.thesetaihotel.com'),
  place('four-seasons-surf-club', 'Four Seasons Hotel at The Surf Club', 'hotel', ['9011', 'Collins Avenue'], 'surfside', '33154', [25.8775, -80.1214], 'https://www.fourseasons.com/surfside'),
  place('carbone-miami', 'Carbone Miami', 'restaurant', ['49', 'Collins Avenue'], 'miamiBeach', '33139', [25.7697, -80.1338], 'https://carbonemiami.com'),
  place('le-jardinier-miami', 'Le Jardinier Miami', 'restaurant', ['151', 'NE 41st Street'], 'miami', '33137', [25.8135, -80.1925], 'https://www.lejardinier-miami.com'),
  place('the-standard-spa-miami-beach', 'The Standard Spa, Miami Beach', 'spa', ['40', 'Island Avenue'], 'miamiBeach', '33139', [25.7922, -80.1506], 'https://www.standardhotels.com/miami'),
  place('bal-harbour-shops', 'Bal Harbour Shops', 'boutique', ['9700', 'Collins Avenue'], 'balHarbour', '33154', [25.8881, -80.1254], 'https://balharbourshops.com'),
  // Aspen, Hong Kong, Singapore
  place('the-little-nell-aspen', 'The Little Nell', 'hotel', ['675', 'East Durant Avenue'], 'aspen', '81611', [39.1866, -106.8181], 'https://www.thelittlenell.com'),
  place('the-peninsula-hong-kong', 'The Peninsula Hong Kong', 'hotel', ['', 'Salisbury Road, Tsim Sha Tsui'], 'hongKong', '', [22.2951, 114.1719], 'https://www.peninsula.com/hong-kong'),
  place('raffles-singapore', 'Raffles Hotel Singapore', 'hotel', ['1', 'Beach Road'], 'singapore', '189673', [1.2949, 103.8545], 'https://www.raffles.com/singapore'),
];
