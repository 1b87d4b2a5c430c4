/**
 * The places the offline concierge recognises: major cities worldwide with their country, the
 * luxury destinations members ask for by name, regions, and countries. One line per place:
 * `Name|Country|alias, alias`. Names marked `*` are ordinary English words too ("Nice", "Split"),
 * so they count only when written with a capital letter.
 */
const CITIES = `
Paris|France|saint-germain, montmartre, le marais, louvre, champs-elysees
Nice*|France|
Cannes|France|
Saint-Tropez|France|st tropez, st. tropez, saint tropez
Antibes|France|cap d'antibes
Cap Ferrat|France|saint-jean-cap-ferrat, st jean cap ferrat
Menton|France|
Marseille|France|marseilles
Lyon|France|
Bordeaux|France|
Biarritz|France|
Courchevel|France|courchevel 1850
Megeve|France|megève
Val d'Isere|France|val d'isère, val disere
Chamonix|France|
Meribel|France|méribel
Avignon|France|
Reims|France|
Strasbourg|France|
Deauville|France|
Monaco|Monaco|monte carlo, monte-carlo
London|United Kingdom|mayfair, knightsbridge, belgravia, notting hill, wimbledon, covent garden
Edinburgh|United Kingdom|
Manchester|United Kingdom|
Oxford|United Kingdom|
Cambridge|United Kingdom|
Bath*|United Kingdom|
Glasgow|United Kingdom|
Liverpool|United Kingdom|
Ascot|United Kingdom|
Henley|United Kingdom|henley-on-thames
Cotswolds|United Kingdom|the cotswolds
Dublin|Ireland|
Cork*|Ireland|
Rome|Italy|roma
Milan|Italy|milano
Florence|Italy|firenze
Venice|Italy|venezia
Naples|Italy|napoli
Capri|Italy|
Positano|Italy|
Amalfi|Italy|
Ravello|Italy|
Portofino|Italy|
Lake Como|Italy|como, bellagio
Cortina d'Ampezzo|Italy|cortina
Sardinia|Italy|costa smeralda, porto cervo
Sicily|Italy|taormina
Tuscany|Italy|chianti
Bologna|Italy|
Turin|Italy|torino
Verona|Italy|
Madrid|Spain|
Barcelona|Spain|
Ibiza|Spain|
Mallorca|Spain|majorca, palma, palma de mallorca
Marbella|Spain|puerto banus, puerto banús
Seville|Spain|sevilla
Valencia|Spain|
Malaga|Spain|málaga
San Sebastian|Spain|san sebastián, donostia
Lisbon|Portugal|lisboa
Porto|Portugal|
Algarve|Portugal|
Comporta|Portugal|
Madeira|Portugal|funchal
Berlin|Germany|
Munich|Germany|münchen, munchen
Hamburg|Germany|
Frankfurt|Germany|
Cologne|Germany|köln
Dusseldorf|Germany|düsseldorf
Baden-Baden|Germany|baden baden
Sylt|Germany|
Vienna|Austria|wien
Salzburg|Austria|
Kitzbuhel|Austria|kitzbühel
Lech|Austria|lech am arlberg
Innsbruck|Austria|
Zurich|Switzerland|zürich
Geneva|Switzerland|genève, geneve
St. Moritz|Switzerland|st moritz, saint moritz, saint-moritz, sankt moritz
Gstaad|Switzerland|
Zermatt|Switzerland|
Verbier|Switzerland|
Lucerne|Switzerland|luzern
Lausanne|Switzerland|
Montreux|Switzerland|
Basel|Switzerland|
Crans-Montana|Switzerland|crans montana
Interlaken|Switzerland|
Amsterdam|Netherlands|
Rotterdam|Netherlands|
The Hague|Netherlands|den haag
Brussels|Belgium|bruxelles
Antwerp|Belgium|
Bruges|Belgium|
Luxembourg|Luxembourg|
Copenhagen|Denmark|
Stockholm|Sweden|
Oslo|Norway|
Bergen|Norway|
Tromso|Norway|tromsø
Helsinki|Finland|
Lapland|Finland|rovaniemi
Reykjavik|Iceland|reykjavík
Prague|Czech Republic|praha
Budapest|Hungary|
Warsaw|Poland|
Krakow|Poland|kraków, cracow
Athens|Greece|
Mykonos|Greece|
Santorini|Greece|
Crete|Greece|
Corfu|Greece|
Paros|Greece|
Hydra|Greece|
Rhodes|Greece|
Dubrovnik|Croatia|
Split*|Croatia|
Hvar|Croatia|
Zagreb|Croatia|
Kotor|Montenegro|porto montenegro, tivat
Istanbul|Turkey|
Bodrum|Turkey|
Antalya|Turkey|
Cappadocia|Turkey|
Valletta|Malta|
Nicosia|Cyprus|limassol
Bucharest|Romania|
Sofia|Bulgaria|
Belgrade|Serbia|
Tallinn|Estonia|
Riga|Latvia|
Vilnius|Lithuania|
Moscow|Russia|
Saint Petersburg|Russia|st petersburg, st. petersburg
Tbilisi|Georgia|
Baku|Azerbaijan|
New York|United States|new york city, nyc, manhattan, brooklyn, jfk
Los Angeles|United States|l.a., beverly hills, bel air, malibu
San Francisco|United States|sf, napa, napa valley, sonoma
Miami|United States|miami beach, south beach
Palm Beach|United States|west palm beach
Chicago|United States|
Las Vegas|United States|vegas
Aspen|United States|snowmass
Vail|United States|beaver creek
Jackson Hole|United States|
Park City|United States|deer valley
Telluride|United States|
Big Sky|United States|
Lake Tahoe|United States|tahoe
The Hamptons|United States|hamptons, east hampton, southampton
Martha's Vineyard|United States|marthas vineyard
Nantucket|United States|
Boston|United States|
Washington|United States|washington dc, washington d.c., dc
Seattle|United States|
Portland|United States|
San Diego|United States|la jolla
Santa Barbara|United States|montecito
Palm Springs|United States|coachella
Scottsdale|United States|phoenix
Austin|United States|
Dallas|United States|
Houston|United States|
New Orleans|United States|
Nashville|United States|
Atlanta|United States|
Charleston|United States|
Savannah|United States|
Orlando|United States|
Naples, Florida|United States|naples fl
Key West|United States|florida keys
Denver|United States|
Philadelphia|United States|
Detroit|United States|
Minneapolis|United States|
Salt Lake City|United States|
Honolulu|United States|waikiki, oahu
Maui|United States|
Kauai|United States|
Big Island|United States|kona
Anchorage|United States|alaska
Sedona|United States|
Montreal|Canada|montréal
Toronto|Canada|
Vancouver|Canada|whistler
Quebec City|Canada|québec city
Calgary|Canada|banff
Ottawa|Canada|
Mexico City|Mexico|cdmx
Cancun|Mexico|cancún
Tulum|Mexico|
Playa del Carmen|Mexico|riviera maya
Los Cabos|Mexico|cabo, cabo san lucas, san jose del cabo
Puerto Vallarta|Mexico|punta mita
Oaxaca|Mexico|
San Miguel de Allende|Mexico|
Havana|Cuba|
St. Barts|Saint Barthélemy|st barts, st barths, saint barth, saint-barthélemy, st. barths, gustavia
Anguilla|Anguilla|
Mustique|Saint Vincent and the Grenadines|
Barbados|Barbados|
Antigua|Antigua and Barbuda|
St. Lucia|Saint Lucia|st lucia, saint lucia
Turks and Caicos|Turks and Caicos|providenciales, turks & caicos
Nassau|Bahamas|exumas, harbour island
Necker Island|British Virgin Islands|virgin gorda, tortola, bvi
Jamaica|Jamaica|montego bay
Puerto Rico|Puerto Rico|san juan
Aruba|Aruba|
Curacao|Curaçao|curaçao
Bermuda|Bermuda|
Cayman Islands|Cayman Islands|grand cayman
Punta Cana|Dominican Republic|casa de campo
Buenos Aires|Argentina|
Mendoza|Argentina|
Patagonia|Argentina|
Santiago|Chile|
Atacama|Chile|san pedro de atacama
Lima|Peru|
Cusco|Peru|machu picchu, sacred valley
Rio de Janeiro|Brazil|rio
Sao Paulo|Brazil|são paulo
Trancoso|Brazil|
Bogota|Colombia|bogotá
Cartagena|Colombia|
Medellin|Colombia|medellín
Quito|Ecuador|
Galapagos|Ecuador|galápagos, galapagos islands
Montevideo|Uruguay|jose ignacio, josé ignacio, punta del este
Panama City|Panama|
San Jose|Costa Rica|guanacaste
Dubai|United Arab Emirates|
Abu Dhabi|United Arab Emirates|
Doha|Qatar|
Riyadh|Saudi Arabia|
Jeddah|Saudi Arabia|
AlUla|Saudi Arabia|al ula
Muscat|Oman|
Manama|Bahrain|
Kuwait City|Kuwait|
Tel Aviv|Israel|
Jerusalem|Israel|
Amman|Jordan|petra
Beirut|Lebanon|
Cairo|Egypt|giza, luxor
Marrakech|Morocco|marrakesh
Casablanca|Morocco|
Fez|Morocco|fes
Tangier|Morocco|
Tunis|Tunisia|
Cape Town|South Africa|franschhoek, stellenbosch
Johannesburg|South Africa|
Kruger|South Africa|kruger park, sabi sands
Nairobi|Kenya|masai mara, maasai mara
Zanzibar|Tanzania|serengeti, kilimanjaro
Kigali|Rwanda|
Victoria Falls|Zimbabwe|
Okavango|Botswana|okavango delta
Windhoek|Namibia|sossusvlei
Lagos|Nigeria|
Accra|Ghana|
Mauritius|Mauritius|
Seychelles|Seychelles|mahé, mahe
Madagascar|Madagascar|
Male*|Maldives|
Tokyo|Japan|
Kyoto|Japan|
Osaka|Japan|
Niseko|Japan|hokkaido
Hakone|Japan|
Okinawa|Japan|
Seoul|South Korea|
Busan|South Korea|
Beijing|China|
Shanghai|China|
Hong Kong|Hong Kong|
Macau|Macau|macao
Shenzhen|China|
Guangzhou|China|
Chengdu|China|
Taipei|Taiwan|
Singapore|Singapore|
Kuala Lumpur|Malaysia|
Langkawi|Malaysia|
Penang|Malaysia|
Bangkok|Thailand|
Phuket|Thailand|
Koh Samui|Thailand|ko samui
Chiang Mai|Thailand|
Bali|Indonesia|ubud, seminyak, uluwatu
Jakarta|Indonesia|
Lombok|Indonesia|
Manila|Philippines|
Palawan|Philippines|el nido
Hanoi|Vietnam|
Ho Chi Minh City|Vietnam|saigon
Hoi An|Vietnam|da nang
Siem Reap|Cambodia|angkor
Luang Prabang|Laos|
Yangon|Myanmar|
Mumbai|India|bombay
Delhi|India|new delhi
Jaipur|India|
Udaipur|India|
Goa|India|
Agra|India|
Kerala|India|
Bangalore|India|bengaluru
Colombo|Sri Lanka|
Kathmandu|Nepal|
Thimphu|Bhutan|paro
Sydney|Australia|
Melbourne|Australia|
Brisbane|Australia|
Perth|Australia|
Adelaide|Australia|
Gold Coast|Australia|
Byron Bay|Australia|
Hamilton Island|Australia|great barrier reef, whitsundays
Auckland|New Zealand|
Queenstown|New Zealand|
Wellington|New Zealand|
Bora Bora|French Polynesia|tahiti, moorea
Fiji|Fiji|
`;

/** Regions members name instead of a city. */
const REGIONS = `
French Riviera|France|cote d'azur, côte d'azur, the riviera, riviera
Provence|France|
Amalfi Coast|Italy|the amalfi coast
Mediterranean|Mediterranean|the mediterranean
Caribbean|Caribbean|the caribbean
Swiss Alps|Switzerland|the alps, alps
Maldives|Maldives|the maldives
Napa|United States|
Dolomites|Italy|the dolomites
Greek Islands|Greece|the greek islands, cyclades
`;

const COUNTRIES = `
France, Italy, Spain, Portugal, Germany, Austria, Switzerland, Greece, Croatia, Turkey*, Netherlands, Belgium,
Ireland, Scotland, England, United Kingdom|uk, u.k., britain, great britain, Norway, Sweden, Denmark, Finland, Iceland,
Poland, Hungary, Czech Republic, Montenegro, Malta, Cyprus, Morocco, Egypt, Jordan*, Israel, Lebanon, Oman, Qatar,
United Arab Emirates|uae, Saudi Arabia, Kenya, Tanzania, Rwanda, South Africa, Botswana, Namibia, Zimbabwe,
Mauritius, Seychelles, Japan, China, South Korea, Thailand, Vietnam, Cambodia, Indonesia, Malaysia, Philippines,
India, Sri Lanka, Nepal, Bhutan, Australia, New Zealand, United States|usa, u.s., united states of america, america,
Canada, Mexico, Brazil, Argentina, Chile, Peru, Colombia, Ecuador, Costa Rica, Bahamas, Jamaica, Barbados,
Bermuda, Cuba, Uruguay, Panama, Belize, Bolivia, Estonia, Latvia, Lithuania, Romania, Bulgaria, Serbia, Slovenia,
Slovakia, Albania, Georgia, Azerbaijan, Armenia, Kazakhstan, Uzbekistan, Singapore, Taiwan, Laos, Myanmar,
Mongolia, Fiji, Tahiti, Tunisia, Ghana, Nigeria, Ethiopia, Uganda, Zambia, Madagascar, Bahrain, Kuwait
`;

export interface Place {
  /** The name as shown: "Paris", "St. Moritz", "Maldives". */
  name: string;
  country: string;
  kind: 'city' | 'region' | 'country';
  /** Lower-cased, accent-free spellings that mean this place. */
  spellings: string[];
  /** Counts only when written with a capital letter ("Nice", not "a nice dinner"). */
  capitalised: boolean;
}

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function parseLines(block: string, kind: Place['kind']): Place[] {
  return block
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [rawName, country, aliases = ''] = line.split('|');
      const capitalised = rawName.endsWith('*');
      const name = rawName.replace(/\*$/, '');
      const spellings = [name, ...aliases.split(',')].map((s) => fold(s.trim())).filter(Boolean);
      return { name, country, kind, spellings: [...new Set(spellings)], capitalised };
    });
}

function parseCountries(block: string): Place[] {
  return block
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [rawName, ...aliases] = entry.split('|');
      const capitalised = rawName.endsWith('*');
      const name = rawName.replace(/\*$/, '');
      const spellings = [name, ...aliases].map((s) => fold(s.trim())).filter(Boolean);
      return { name, country: name, kind: 'country' as const, spellings, capitalised };
    });
}

export const PLACES: Place[] = [
  ...parseLines(CITIES, 'city'),
  ...parseLines(REGIONS, 'region'),
  ...parseCountries(COUNTRIES),
];

/** How a place reads in a parsed request: "Paris, France", "Monaco", "Maldives". */
export function describePlace(place: Place): string {
  if (place.kind === 'country' || place.name === place.country) return place.name;
  if (place.country === 'Mediterranean' || place.country === 'Caribbean') return place.name;
  return `${place.name}, ${place.country}`;
}
