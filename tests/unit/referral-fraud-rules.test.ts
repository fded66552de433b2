import { describe, expect, it } from "vitest";
import { REFERRALS_OFF } from "../../domain/loyalty/programme-rules.ts";
import {
  addressKey,
  type FriendFacts,
  judgeReferral,
  mobileKey,
  type ReferrerFacts,
} from "../../domain/referrals/fraud-rules.ts";

const NOW = new Date("2030-01-10T02:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const rule = { ...REFERRALS_OFF, enabled: true };

const friend: FriendFacts = {
  email: "siti@example.com",
  mobile: "8123 4567",
  address: addressKey("9 Friend Road, #01-02", "123456"),
  cardFingerprint: "fp_friend",
  deviceId: "device-friend",
  orderedBefore: false,
};
const referrer: ReferrerFacts = {
  email: "mei@example.com",
  mobiles: ["9123 4567"],
  addresses: [addressKey("1 Orchard Road", "238801")],
  cardFingerprints: ["fp_mei"],
  deviceIds: ["device-mei"],
  earlier: [],
};
const judge = (f: Partial<FriendFacts>, r: Partial<ReferrerFacts> = {}) =>
  judgeReferral({ ...friend, ...f }, { ...referrer, ...r }, rule, NOW);
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe("referral fraud rules", () => {
  it("lets a new friend with nothing of the referrer's through", () => {
    expect(judge({})).toEqual({ state: "pending", reasons: [] });
  });

  it.each([
    [{ email: " MEI@example.com" }, "same-email"],
    [{ mobile: "+65 9123-4567" }, "same-mobile"],
    [{ address: addressKey("1, ORCHARD  road", "238801") }, "same-address"],
    [{ cardFingerprint: "fp_mei" }, "same-card"],
    [{ deviceId: "device-mei" }, "same-device"],
    [{ orderedBefore: true }, "existing-customer"],
  ] as const)("refuses a self-referral: %o is %s", (facts, reason) => {
    expect(judge(facts)).toEqual({ state: "refused", reasons: [reason] });
  });

  it("never matches a card or device the provider did not give", () => {
    expect(judge({ cardFingerprint: null, deviceId: null }, { cardFingerprints: [], deviceIds: [] })).toEqual({
      state: "pending",
      reasons: [],
    });
  });

  it("holds the referral past the weekly cap, counting only the last 7 days", () => {
    const earlier = (days: number) => ({ createdAt: ago(days), deviceId: null, address: `a${days}` });
    const fiveThisWeek = [1, 2, 3, 4, 6].map(earlier);
    expect(judge({}, { earlier: fiveThisWeek })).toEqual({ state: "held", reasons: ["weekly-cap"] });
    expect(judge({}, { earlier: [1, 2, 3, 4, 8].map(earlier) })).toEqual({ state: "pending", reasons: [] });
  });

  it("holds a device or address another friend used within the window, not before it", () => {
    const inside = [{ createdAt: ago(29), deviceId: "device-friend", address: friend.address }];
    expect(judge({}, { earlier: inside })).toEqual({ state: "held", reasons: ["device-used-before", "address-used-before"] });
    const outside = [{ createdAt: ago(31), deviceId: "device-friend", address: friend.address }];
    expect(judge({}, { earlier: outside })).toEqual({ state: "pending", reasons: [] });
  });

  it("refuses rather than holds when a clear reason comes with a doubtful one, keeping both", () => {
    const inside = [{ createdAt: ago(1), deviceId: null, address: friend.address }];
    expect(judge({ email: "mei@example.com" }, { earlier: inside })).toEqual({
      state: "refused",
      reasons: ["same-email", "address-used-before"],
    });
  });

  it("reads mobile numbers by their digits", () => {
    expect(mobileKey("+65 9123 4567")).toBe("91234567");
    expect(mobileKey("9123-4567")).toBe("91234567");
  });
});
