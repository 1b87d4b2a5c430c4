/** Points on the globe as unit vectors: the straight-line (chord) distance orders them as the great-circle one does. */
export function toUnitVector(latitude: number, longitude: number): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/** Great-circle distance in km between two unit vectors. */
export function kilometresBetween(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const dot = Math.min(1, Math.max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
  return Math.acos(dot) * 6371;
}

const LEAF = 8;

/**
 * A static 3-d k-d tree over unit vectors, for the nearest point to a query. In three dimensions the
 * poles and the date line need no special case, as they would with latitude and longitude.
 */
export class KdTree {
  private readonly ids: Uint32Array;

  /** `xyz`: x, y, z of each point in turn. */
  constructor(private readonly xyz: Float64Array) {
    const count = xyz.length / 3;
    this.ids = new Uint32Array(count);
    for (let i = 0; i < count; i += 1) this.ids[i] = i;
    this.build(0, count - 1, 0);
  }

  private at(index: number, axis: number): number {
    return this.xyz[this.ids[index] * 3 + axis];
  }

  private build(left: number, right: number, axis: number): void {
    if (right - left <= LEAF) return;
    const middle = (left + right) >> 1;
    this.select(middle, left, right, axis);
    this.build(left, middle - 1, (axis + 1) % 3);
    this.build(middle + 1, right, (axis + 1) % 3);
  }

  /** Quickselect: the point of rank k along `axis` moves to k, smaller ones before it, larger after. */
  private select(k: number, left: number, right: number, axis: number): void {
    while (right > left) {
      const pivot = this.at((left + right) >> 1, axis);
      let i = left;
      let j = right;
      while (i <= j) {
        while (this.at(i, axis) < pivot) i += 1;
        while (this.at(j, axis) > pivot) j -= 1;
        if (i <= j) {
          const swap = this.ids[i];
          this.ids[i] = this.ids[j];
          this.ids[j] = swap;
          i += 1;
          j -= 1;
        }
      }
      if (k <= j) right = j;
      else if (k >= i) left = i;
      else return;
    }
  }

  /** The index of the point nearest to `query` (a unit vector), or -1 when there are none. */
  nearest(query: [number, number, number]): number {
    let best = -1;
    let bestDistance = Infinity;
    const consider = (index: number) => {
      const distance = this.squaredDistance(index, query);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = this.ids[index];
      }
    };
    const visit = (left: number, right: number, axis: number): void => {
      if (right - left <= LEAF) {
        for (let i = left; i <= right; i += 1) consider(i);
        return;
      }
      const middle = (left + right) >> 1;
      consider(middle);
      const gap = query[axis] - this.at(middle, axis);
      const next = (axis + 1) % 3;
      if (gap <= 0) {
        visit(left, middle - 1, next);
        if (gap * gap < bestDistance) visit(middle + 1, right, next);
      } else {
        visit(middle + 1, right, next);
        if (gap * gap < bestDistance) visit(left, middle - 1, next);
      }
    };
    if (this.ids.length > 0) visit(0, this.ids.length - 1, 0);
    return best;
  }

  /** The indexes of every point within `radius` (straight-line, on the unit sphere) of `query`. */
  within(query: [number, number, number], radius: number): number[] {
    const found: number[] = [];
    const limit = radius * radius;
    const visit = (left: number, right: number, axis: number): void => {
      if (right - left <= LEAF) {
        for (let i = left; i <= right; i += 1) if (this.squaredDistance(i, query) <= limit) found.push(this.ids[i]);
        return;
      }
      const middle = (left + right) >> 1;
      if (this.squaredDistance(middle, query) <= limit) found.push(this.ids[middle]);
      const gap = query[axis] - this.at(middle, axis);
      const next = (axis + 1) % 3;
      // Points before the middle lie at or below it on this axis, points after it at or above.
      if (gap <= radius) visit(left, middle - 1, next);
      if (gap >= -radius) visit(middle + 1, right, next);
    };
    if (this.ids.length > 0) visit(0, this.ids.length - 1, 0);
    return found;
  }

  private squaredDistance(index: number, query: [number, number, number]): number {
    const id = this.ids[index];
    const dx = this.xyz[id * 3] - query[0];
    const dy = this.xyz[id * 3 + 1] - query[1];
    const dz = this.xyz[id * 3 + 2] - query[2];
    return dx * dx + dy * dy + dz * dz;
  }
}
