import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { changeCard, createCard, listCards, revokeCard } from "./admin-member-cards.service.ts";

export const adminMemberCardsEndpoints = implement(api.adminMemberCards, {
  list: (ctx, { body }) => listCards(ctx, body),
  create: (ctx, { body }) => createCard(ctx, body),
  update: (ctx, { params, body }) => changeCard(ctx, params.id, body),
  revoke: (ctx, { params }) => revokeCard(ctx, params.id),
});
