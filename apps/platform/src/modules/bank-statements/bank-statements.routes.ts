import { api } from "@shop/contracts/api";
import { implement } from "../../http/endpoint.ts";
import { importStatement, resolveUnmatched, unmatchedPayments } from "./bank-statements.service.ts";

export const bankStatementEndpoints = implement(api.bankStatements, {
  import: (ctx, { body }) => importStatement(ctx, { name: body.fileName, bytes: Buffer.from(body.contentBase64, "base64") }),
  unmatched: (ctx, { body }) => unmatchedPayments(ctx, body),
  resolve: async (ctx, { params }) => {
    await resolveUnmatched(ctx, params.id);
    return null;
  },
});
