import { describe, expect, it } from "vitest";
import { isWeakPassword } from "./passwords.ts";
import { loginBody } from "./schemas/auth.ts";
import { passwordResetBody, registerBody } from "./schemas/user.ts";
import { addressSchema } from "./validation.ts";
import { issuesToFieldErrors } from "./validation-messages.ts";

const echo = (key: string, params?: Record<string, string | number>) => (params?.length ? `${key}:${params.length}` : key);

function fieldErrors(result: { success: boolean; error?: { issues: Parameters<typeof issuesToFieldErrors>[0] } }) {
  return result.error ? issuesToFieldErrors(result.error.issues, echo) : [];
}

describe("SPEC §5 rules", () => {
  it("login: username required and an e-mail", () => {
    const errors = fieldErrors(loginBody.safeParse({ username: "", password: "" }));
    expect(errors.map((e) => [e.path, e.key])).toEqual([
      ["username", "validation.required"],
      ["password", "validation.required"],
    ]);
    expect(fieldErrors(loginBody.safeParse({ username: "not-an-email", password: "x" }))[0]?.key).toBe("validation.email");
  });

  it("register: password of at least 8 with its length in the message, repeat must match", () => {
    const base = { details: { firstName: "Ana", lastName: "Horvat" }, email: "ana@example.hr" };
    const short = fieldErrors(registerBody.safeParse({ ...base, password: "kratka" }));
    expect(short).toContainEqual(
      expect.objectContaining({ path: "password", key: "validation.minLength", message: "validation.minLength:8" }),
    );
    const mismatch = fieldErrors(registerBody.safeParse({ ...base, password: "dovoljnoduga", passwordConfirmation: "drukcija123" }));
    expect(mismatch).toContainEqual(expect.objectContaining({ path: "passwordConfirmation", key: "validation.repeatPassword" }));
    expect(registerBody.safeParse({ ...base, password: "dovoljnoduga", passwordConfirmation: "dovoljnoduga" }).success).toBe(true);
  });

  it("names: unicode letters, spaces, apostrophes and hyphens only", () => {
    const ok = registerBody.safeParse({
      details: { firstName: "Đurđa-Ana", lastName: "O'Brien Šimić" },
      email: "a@b.hr",
      password: "Sjajni-auto-7",
    });
    expect(ok.success).toBe(true);
    const bad = fieldErrors(
      registerBody.safeParse({ details: { firstName: "Ana2", lastName: "<b>" }, email: "a@b.hr", password: "Sjajni-auto-7" }),
    );
    expect(bad.map((e) => e.key)).toEqual(["validation.lettersOnly", "validation.lettersOnly"]);
  });

  it("login: a password of at least 8 characters, kept as typed (SPEC §5)", () => {
    const short = fieldErrors(loginBody.safeParse({ username: "ana@example.hr", password: "kratka1" }));
    expect(short).toEqual([expect.objectContaining({ path: "password", key: "validation.minLength", message: "validation.minLength:8" })]);
    expect(loginBody.parse({ username: "ana@example.hr", password: " s razmakom " }).password).toBe(" s razmakom ");
  });

  it("a chosen password: never trimmed; blank, one repeated character and common ones refused", () => {
    for (const weak of ["        ", "aaaaaaaa", "ŽŽŽŽŽŽŽŽŽ", "password", "Password1", "12345678", "QWERTYUIOP", "iloveyou"]) {
      expect(isWeakPassword(weak)).toBe(true);
    }
    for (const fine of ["Sjajni-auto-7", " Lozinka-2024 ", "aaaaaaab"]) expect(isWeakPassword(fine)).toBe(false);
    const base = { details: { firstName: "Ana", lastName: "Horvat" }, email: "ana@example.hr" };
    expect(registerBody.parse({ ...base, password: " Lozinka-2024 " }).password).toBe(" Lozinka-2024 ");
    const blank = fieldErrors(registerBody.safeParse({ ...base, password: "         " }));
    expect(blank).toEqual([expect.objectContaining({ path: "password", key: "validation.weakPassword" })]);
  });

  it("change password: new must differ from old", () => {
    const same = fieldErrors(passwordResetBody.safeParse({ oldPassword: "isto12345", newPassword: "isto12345" }));
    expect(same).toEqual([expect.objectContaining({ path: "newPassword", key: "validation.differentPassword" })]);
  });

  it("address: maxima of SPEC §9 and a valid OIB when given", () => {
    const address = {
      firstName: "Ana",
      lastName: "Horvat",
      contactEmail: "ana@example.hr",
      contactPhone: "+385 1 2345 678",
      country: "HR",
      city: "Zagreb",
      street: "Ilica",
      houseNumber: "1".repeat(16),
      zipCode: "10000",
      companyOIB: "12345678901",
    };
    const errors = fieldErrors(addressSchema.safeParse(address));
    expect(errors).toContainEqual(
      expect.objectContaining({ path: "houseNumber", key: "validation.maxLength", message: "validation.maxLength:15" }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ path: "companyOIB", key: "validation.oib" }));
    expect(addressSchema.safeParse({ ...address, houseNumber: "12a", companyOIB: "69435151530" }).success).toBe(true);
  });
});
