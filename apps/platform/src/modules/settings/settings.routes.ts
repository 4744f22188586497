import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import * as settings from "./settings.service.ts";

export const settingsEndpoints = implement(api.settings, {
  commons: (ctx, { query }) => (query.type === "languages" ? settings.listLanguages(ctx) : settings.listCountries(ctx)),
  domainDetect: (ctx) => settings.domainDetect(ctx),
  getCheckoutSettings: (ctx) => settings.checkoutSettings(ctx),
  getCurrencyConfig: async () => settings.currencyConfig(),
  optionFilter: (ctx, { query }) => settings.visibleOptions(ctx, query.key),
  setOption: (ctx, { params, body }) => settings.setOption(ctx, params.key, body.value),
  setOptions: (ctx, { body }) => settings.setOptions(ctx, body.options),
  setMaintenance: (ctx, { body }) => settings.setMaintenance(ctx, body),
});
