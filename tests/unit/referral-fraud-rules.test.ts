import { describe, expect, it } from "vitest";
import { REFERRALS_OFF } from "../../domain/loyalty/programme/programme-rules.ts";
import { type FriendFacts, judgeReferral, type ReferrerFacts } from "../../domain/referrals/fraud-rules.ts";
import { addressKey, emailKey, emailKeyPattern, mobileKey } from "../../domain/referrals/identity-keys.ts";

const NOW = new Date("2030-01-10T02:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const rule = { ...REFERRALS_OFF, enabled: true };

const friend: FriendFacts & { address: string } = {
  memberId: null,
  email: "siti@example.com",
  mobile: "8123 4567",
  address: addressKey("9 Friend Road, #01-02", "123456"),
  cardFingerprint: "fp_friend",
  deviceId: "device-friend",
  orderedBefore: false,
};
const referrer: ReferrerFacts = {
  memberId: "member-mei",
  emails: ["mei.tan@gmail.com", "mei@example.com"],
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
    [{ email: "meitan+shop@googlemail.com" }, "same-email"],
    [{ mobile: "+65 9123-4567" }, "same-mobile"],
    [{ address: addressKey("1, ORCHARD  road", "238801") }, "same-address"],
    [{ address: addressKey("1 Orchard Rd", "238801") }, "same-address"],
    [{ memberId: "member-mei" }, "own-link"],
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

  it("judges only what is known: a shopper not yet past the delivery form is judged on the rest", () => {
    expect(judge({ email: null, mobile: null, address: null, cardFingerprint: null })).toEqual({ state: "pending", reasons: [] });
    expect(judge({ email: null, mobile: null, address: null, deviceId: "device-mei" })).toEqual({
      state: "refused",
      reasons: ["same-device"],
    });
  });
});

describe("canonical forms the checks compare", () => {
  it.each([
    ["Mei.Tan@Gmail.com", "meitan@gmail.com"],
    ["mei.tan+shop@gmail.com", "meitan@gmail.com"],
    ["m.e.i.t.a.n@googlemail.com", "meitan@gmail.com"],
    [" MEITAN+a+b@GOOGLEMAIL.COM ", "meitan@gmail.com"],
    ["mei.tan+shop@outlook.com", "mei.tan@outlook.com"],
    ["mei+x@hotmail.com", "mei@hotmail.com"],
    ["mei+x@icloud.com", "mei@icloud.com"],
    ["mei+x@proton.me", "mei@proton.me"],
    // Providers that deliver a tag or a dot to another mailbox, or are not known, keep them.
    ["mei.tan+shop@example.com", "mei.tan+shop@example.com"],
    ["mei.tan@yahoo.com", "mei.tan@yahoo.com"],
    ["mei@outlook.com", "mei@outlook.com"],
  ])("email %s reads as %s", (email, key) => {
    expect(emailKey(email)).toBe(key);
  });

  it("finds every spelling of a mailbox with its key's pattern, and no other mailbox", () => {
    const spellings = [
      "meitan@gmail.com",
      "Mei.Tan@gmail.com",
      "m.e.i.t.a.n+shop@googlemail.com",
      "mei.tan+a@outlook.com",
      "mei.tan@outlook.com",
      "meitan@outlook.com",
      "mei.tan+shop@example.com",
      "mei.tan@example.com",
      "meitan2@gmail.com",
      "xmeitan@gmail.com",
    ];
    for (const address of spellings) {
      const pattern = new RegExp(emailKeyPattern(emailKey(address)));
      const found = spellings.filter((other) => pattern.test(other.trim().toLowerCase()));
      expect(found, address).toEqual(spellings.filter((other) => emailKey(other) === emailKey(address)));
    }
  });

  it("keeps a tagged hotmail address apart from the same name at outlook.com: two mailboxes", () => {
    expect(emailKey("mei+a@hotmail.com")).not.toBe(emailKey("mei@outlook.com"));
  });

  it.each([
    ["9123 4567", "+6591234567"],
    ["+65 9123-4567", "+6591234567"],
    ["(65) 9123 4567", "+6591234567"],
    ["0065 9123 4567", "+6591234567"],
    ["6591234567", "+6591234567"],
    ["+44 7700 900123", "+447700900123"],
    ["0044 7700 900123", "+447700900123"],
  ])("mobile %s reads as %s", (mobile, key) => {
    expect(mobileKey(mobile)).toBe(key);
  });

  const HOME = "238801 1 orchard road 1 1";
  it.each([
    ["1 Orchard Road, #01-01", HOME],
    ["1 ORCHARD RD #01-01", HOME],
    ["1 Orchard Rd., Unit 01-01", HOME],
    ["1, orchard  road  # 1 - 1", HOME],
    ["Blk 1 Orchard Road #01-01 Singapore 238801", HOME],
    ["Block 1 Orchard Road #01-01", HOME],
  ])("address %s reads as %s, the postal code first", (address, key) => {
    expect(addressKey(address, "238801")).toBe(key);
  });

  it.each([
    ["Blk 5 Ang Mo Kio Ave 3", "5 ang mo kio avenue 3"],
    ["5 Upper Serangoon Ctr", "5 upper serangoon centre"],
    ["5 Jurong West St 41", "5 jurong west street 41"],
    ["5 Yishun Dr", "5 yishun drive"],
    ["5 Holland Cres", "5 holland crescent"],
    ["5 Bukit Batok Nth Ave 2", "5 bukit batok north avenue 2"],
    ["5 Ang Mo Kio Sth St 1", "5 ang mo kio south street 1"],
  ])("writes out the short form in %s", (address, words) => {
    expect(addressKey(address, "560005")).toBe(`560005 ${words}`);
  });

  it("keeps another unit or another postal code another address", () => {
    expect(addressKey("1 Orchard Road #01-02", "238801")).not.toBe(addressKey("1 Orchard Road #01-01", "238801"));
    expect(addressKey("1 Orchard Road #01-01", "238802")).not.toBe(addressKey("1 Orchard Road #01-01", "238801"));
  });
});
