/** `count` and the English noun that goes with it: "1 event", "2 events". */
export const counted = (count: number, one: string, many: string): string => `${String(count)} ${count === 1 ? one : many}`;
