import { medianWait, WAIT_BUCKETS, WAIT_EDGES } from './funnel-waits';

const counts = (entries: Array<[bucket: number, n: number]>) => {
  const array = new Array<number>(WAIT_BUCKETS).fill(0);
  for (const [bucket, n] of entries) array[bucket] = n;
  return array;
};

describe('median waits from bucket counts', () => {
  it('has no median when nobody reached the step', () => {
    expect(medianWait(counts([]))).toBeNull();
  });

  it('reads one person in the middle of their bucket', () => {
    // Between one and three hours: two hours.
    expect(medianWait(counts([[1, 1]]))).toBe(7_200);
  });

  it('interpolates within the bucket holding the middle person', () => {
    // Ten under an hour, ten between one and three hours: the middle is at the first edge.
    expect(
      medianWait(
        counts([
          [0, 10],
          [1, 10],
        ]),
      ),
    ).toBe(3_600);
    // Thirty between one day and two: the 15th of 30 is halfway through.
    expect(medianWait(counts([[5, 30]]))).toBe(86_400 * 1.5);
  });

  it('reads the open last bucket as past the last edge', () => {
    const last = WAIT_EDGES[WAIT_EDGES.length - 1];
    expect(medianWait(counts([[WAIT_BUCKETS - 1, 2]]))).toBe(Math.round(last * 1.25));
  });
});
