/** A start that cannot go on, said in one line naming the setting to look at. */
export class StartupError extends Error {}

/** What an empty database needs before a shop serves it (a production start never fills it by itself). */
export const NO_SHOP_YET =
  "The database holds no shop yet: start once with SEED=site (your shop's pages and catalog, no users; then npm run create-admin) or SEED=demo (a demo shop with printed passwords), or run npm run seed.";
