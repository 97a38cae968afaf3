/** At most this many steps on a chart's y axis by default (six labels in 180 px). */
const AXIS_STEPS = 5;

/**
 * Rounded y-axis values from 0 to at least `max`: the smallest step of 1, 2 or 5 times a power
 * of ten (whole units: never below 1) that needs at most `steps` steps. The hand-drawn charts'
 * one axis (the dashboard's movements, Penghasilan Marketplace's fees).
 */
export function axisTicks(max: number, steps: number = AXIS_STEPS): number[] {
  const target = Math.max(max, 1);
  const magnitude = 10 ** Math.floor(Math.log10(target / steps));
  // 10 x magnitude always fits: it exceeds target / steps.
  const step =
    [1, 2, 5, 10]
      .map((factor) => Math.max(1, Math.round(factor * magnitude)))
      .find((candidate) => Math.ceil(target / candidate) <= steps) ?? target;
  const top = Math.ceil(target / step) * step;
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}
