/** The part of jstat (a CommonJS module without types; its module object is jStat itself) the analytics statistics use. */
declare module 'jstat' {
  const jStat: {
    normal: {
      /** The quantile of N(mean, sd) at probability `p`. */
      inv(p: number, mean: number, sd: number): number;
      /** The distribution function of N(mean, sd) at `x`. */
      cdf(x: number, mean: number, sd: number): number;
    };
  };
  export default jStat;
}
