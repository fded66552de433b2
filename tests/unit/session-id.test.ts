import { describe, expect, it } from "vitest";
import { isWellFormedCheckoutSessionId } from "../../domain/checkout/session-id.ts";

describe("checkout session ids in return addresses", () => {
  it("accepts Stripe's and the test provider's ids, including base64url's - and _", () => {
    for (const id of ["cs_test_a1B2c3D4e5F6g7H8", "cs_live_b1Zx9", "cs_test_Ab-cD_eF-gH_iJ-kL_mN-oP_qR-s"]) {
      expect(isWellFormedCheckoutSessionId(id), id).toBe(true);
    }
  });

  it("refuses anything else", () => {
    for (const id of ["", "cs_", "pi_123456789", "cs_test_<script>", "cs_test_a/b/c/d/e", `cs_${"a".repeat(201)}`]) {
      expect(isWellFormedCheckoutSessionId(id), id).toBe(false);
    }
  });
});
