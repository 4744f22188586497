/** A start that cannot go on, said in one line naming the setting to look at. */
export class StartupError extends Error {}
