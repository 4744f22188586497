import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { customerData, customersPage, eraseCustomer } from "./admin-customers.service.ts";

export const adminCustomersEndpoints = implement(api.adminCustomers, {
  list: (ctx, { body }) => customersPage(ctx, body),
  get: (ctx, { params }) => customerData(ctx, params.id),
  erase: async (ctx, { params }) => {
    await eraseCustomer(ctx, params.id);
    return null;
  },
});
