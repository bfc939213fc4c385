/** The average rating shown for a part: one decimal, 0 when it has no reviews. */
export const ratingAverage = (total: number, count: number): number => (count === 0 ? 0 : Math.round((total / count) * 10) / 10);
