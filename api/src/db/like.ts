/** `text` with LIKE's wildcards (`%`, `_`) and its escape character (`\`) escaped: matched as written. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The LIKE / ILIKE pattern of a value that contains `text` anywhere. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
