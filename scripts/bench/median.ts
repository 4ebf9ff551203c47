/** The middle value of a sample (the upper middle for an even count); the bench's one statistic. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
