/** The part of jstat (a CommonJS module without types) the analytics statistics use. */
declare module 'jstat' {
  export const jStat: {
    normal: {
      /** The quantile of N(mean, sd) at probability `p`. */
      inv(p: number, mean: number, sd: number): number;
      /** The distribution function of N(mean, sd) at `x`. */
      cdf(x: number, mean: number, sd: number): number;
    };
  };
}
