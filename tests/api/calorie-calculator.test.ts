import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const ANSWERS = "sex=female&age=30&height=170&weight=65&activity=moderate&goal=lose";
const messagesOf = (html: string) =>
  [...html.matchAll(/<p id="(\w+)-error"[^>]*>([^<]*)<\/p>/g)].map(([, field, text]) => [field, text]);

describe("the calorie calculator over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  const get = (path: string, init?: RequestInit) => fetch(`${shop.baseUrl}${path}`, { redirect: "manual", ...init });

  it("serves the blank form to everyone from the page cache", async () => {
    const first = await get("/calorie-calculator");
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("<title>Calorie calculator | Nectar Lab</title>");
    const form = /<form[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/calorie-calculator#result"');
    expect(messagesOf(html)).toEqual([]);
    const again = await get("/calorie-calculator", { headers: { cookie: "session=someone" } });
    expect(again.headers.get("x-page-cache")).toBe("hit");
  });

  it("answers the submitted form with the three figures as a plain page, never kept for others", async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await get(`/calorie-calculator?${ANSWERS}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-page-cache")).toBeNull();
      const html = await response.text();
      for (const figure of ["1,402 kcal", "2,172 kcal", "1,672 kcal"]) expect(html).toContain(figure);
      expect(html).toContain('href="/shop/lean-up-calorie-burning"');
      expect(html).toContain("not medical advice");
    }
  });

  it("does not keep a page per query string, whatever the query holds", async () => {
    for (const query of ["?utm_source=a", "?utm_source=b", "?_routes=x"]) {
      const response = await get(`/calorie-calculator${query}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-page-cache")).toBeNull();
    }
  });

  it("answers a form with wrong or missing answers with 400 and a message beside each field", async () => {
    const response = await get("/calorie-calculator?sex=other&age=12&height=tall&weight=&activity=&goal=lose");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(messagesOf(html)).toEqual([
      ["sex", "Choose female or male: the formula differs between them."],
      [
        "age",
        "Enter an age from 18 to 100. The formula is made for adults: teenagers are still growing and need more energy than it gives.",
      ],
      ["height", "Enter your height in centimetres as a number, for example 165 or 165.5."],
      ["weight", "Enter your weight in kilograms."],
      ["activity", "Choose how active you are in a usual week."],
    ]);
    expect(html).toMatch(/<input[^>]*id="age"[^>]*aria-invalid="true"[^>]*aria-describedby="age-error"/);
    const autofocused = html.match(/<input[^>]*autofocus=""[^>]*>/g) ?? [];
    expect(autofocused).toHaveLength(1);
    expect(autofocused[0]).toContain('id="sex-female"');
    expect(html).not.toContain("kcal a day");
  });

  it("refuses hostile and odd input with a 4xx, never a 500", async () => {
    const cases = [
      `/calorie-calculator?${ANSWERS}&age=%00`,
      `/calorie-calculator?${ANSWERS.replace("age=30", `age=${"9".repeat(5000)}`)}`,
      "/calorie-calculator?sex=%3Cscript%3Ealert(1)%3C/script%3E",
      "/calorie-calculator?weight=1e309&height=-0",
    ];
    for (const path of cases) {
      const response = await get(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text()).not.toContain("<script>alert(1)");
    }
  });

  it("sends a posted form on to the address of its answers", async () => {
    const posted = await get("/calorie-calculator", { method: "POST", body: new URLSearchParams(ANSWERS) });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/calorie-calculator?${ANSWERS}#result`);
    const unreadable = await get("/calorie-calculator", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "broken",
    });
    expect(unreadable.status).toBe(303);
    expect((await get(unreadable.headers.get("location") ?? "")).status).toBe(400);
  });
});
