import { axisTicks } from './chart-scale';

describe('axisTicks', () => {
  it('rounds to steps of 1, 2 or 5 times a power of ten, whole units', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('takes fewer steps when asked: 4 steps for 123.456 are 50.000 each', () => {
    expect(axisTicks(123_456, 4)).toEqual([0, 50_000, 100_000, 150_000]);
    // 5 steps of 20.000 would end at 100.000, under 123.456: 4 steps of 50.000.
    expect(axisTicks(95_000, 4)).toEqual([0, 50_000, 100_000]);
  });
});
