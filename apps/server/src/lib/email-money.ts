/** An amount as the emails write it: '$12.90', from whole cents so no float shows. */
export const emailMoney = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
