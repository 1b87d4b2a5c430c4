import { KdTree, kilometresBetween, toUnitVector } from './kd-tree';

function pseudoRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1664525 + 1013904223) % 4294967296;
    return a / 4294967296;
  };
}

describe('the k-d tree over the globe', () => {
  const random = pseudoRandom(7);
  const points = Array.from({ length: 3000 }, () => [random() * 180 - 90, random() * 360 - 180] as const);
  const xyz = new Float64Array(points.flatMap(([lat, lon]) => toUnitVector(lat, lon)));
  const tree = new KdTree(xyz);
  const km = (i: number, query: [number, number, number]) => kilometresBetween(xyz.subarray(i * 3, i * 3 + 3), query);

  it('finds the same nearest point as comparing every point, at the poles and across the date line too', () => {
    const queries = [
      ...Array.from({ length: 300 }, () => [random() * 180 - 90, random() * 360 - 180]),
      [89.99, 10],
      [-89.99, -170],
      [0, 179.99],
      [0, -179.99],
    ];
    for (const [lat, lon] of queries) {
      const query = toUnitVector(lat, lon);
      let expected = 0;
      for (let i = 1; i < points.length; i += 1) if (km(i, query) < km(expected, query)) expected = i;
      expect(km(tree.nearest(query), query)).toBeCloseTo(km(expected, query), 9);
    }
  });

  it('finds every point within a radius, and no other', () => {
    for (let q = 0; q < 50; q += 1) {
      const query = toUnitVector(random() * 180 - 90, random() * 360 - 180);
      const radius = random() * 0.3;
      const expected = points
        .map((_, i) => i)
        .filter((i) => {
          const [x, y, z] = xyz.subarray(i * 3, i * 3 + 3);
          return (x - query[0]) ** 2 + (y - query[1]) ** 2 + (z - query[2]) ** 2 <= radius * radius;
        });
      expect(tree.within(query, radius).sort((a, b) => a - b)).toEqual(expected);
    }
  });

  it('measures great-circle distances', () => {
    expect(kilometresBetween(toUnitVector(48.8566, 2.3522), toUnitVector(51.5074, -0.1278))).toBeCloseTo(344, -1);
  });
});
