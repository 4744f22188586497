/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally (use with `escape '\'`). */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
