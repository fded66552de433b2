/**
 * The scenarios of `npm run bench:peer`: each group pairs Vendure's call with the shop's calls that
 * serve the same need (a listing, a product, adding to a bag/cart). Options are built fresh for every
 * run, so each run starts with its own bags and sessions. Full renders go to a second shop process
 * on the same database with the page cache off (`render`), as the first keeps pages for everyone.
 */
import type { Client, Options } from "autocannon";

export type Side = "vendure" | "shop";
export type Scenario = {
  key: string;
  side: Side;
  title: string;
  options: () => Promise<Partial<Options>>;
  /** The shop process measured: the one with the page cache (default) or the one rendering every page. */
  process?: "render";
  /** Requests that make one unit of the need (a form post and the bag page it leads to: 2). */
  requestsPerUnit?: number;
};
export type Urls = { shop: string; render: string; vendure: string; connections: number };
type Check = (status: number, body: string) => boolean;

const json = { "content-type": "application/json" };
const form = { "content-type": "application/x-www-form-urlencoded" };
const LISTING_PAGE = "/shop/luna-collagen";
/** Distinct items each bag or cart rotates over; a bag line stops at 99, so bags are replaced as they fill. */
const LINES = 3;
const ADDS_PER_BAG = 200;

const V_SEARCH = `query Search { search(input: { take: 20, groupByProduct: true }) { items { productName slug priceWithTax {
  ... on PriceRange { min max } ... on SinglePrice { value } } } } }`;
const V_PRODUCT = `query Product($slug: String!) { product(slug: $slug) { id name slug description
  variants { id name sku price priceWithTax currencyCode stockLevel } } }`;
const V_ADD = `mutation Add($id: ID!, $qty: Int!) { addItemToOrder(productVariantId: $id, quantity: $qty) {
  __typename ... on Order { code totalQuantity totalWithTax lines { id quantity linePriceWithTax } }
  ... on ErrorResult { errorCode message } } }`;
const S_LIST = "query Listing { products { id name path series { name slug } purchaseOptions { optionId optionPrice } } }";
const S_PRODUCT = `query Product($id: ID!) { product(id: $id) { id name path active series { name slug }
  purchaseOptions { optionId optionName optionPrice flavourName servings skus { skuId qty retailPrice format } } } }`;

export let failures = 0;
export function resetFailures(): void {
  failures = 0;
}
const counting = (check: Check) => (status: number, body: string) => {
  if (check(status, body)) failures++;
};
const httpFailed: Check = (status) => status < 200 || status >= 400;
const graphqlFailed: Check = (status, body) =>
  httpFailed(status, body) || body.includes('"errors"') || body.includes('"errorCode"');
const bagDataFailed: Check = (status, body) => httpFailed(status, body) || !body.includes('"ok",true');

function rotate<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length] as T;
}

async function post(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body, headers, redirect: "manual" });
  return { response, text: await response.text() };
}

async function graphql(url: string, query: string, variables: object = {}, token?: string) {
  const headers = { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const { response, text } = await post(url, JSON.stringify({ query, variables }), headers);
  if (text.includes('"errors"')) throw new Error(`${url}: ${text}`);
  return { data: JSON.parse(text).data, token: response.headers.get("vendure-auth-token") ?? undefined };
}

/** Every connection keeps its own bag (or cart) and rotates over the items itself. */
function perConnection(next: () => Record<string, string>, body: (responses: number) => string, replaceEvery: number) {
  return (client: Client) => {
    let responses = 0;
    let headers = next();
    client.setHeadersAndBody(headers, body(responses));
    client.on("response", () => {
      responses++;
      if (responses % replaceEvery === 0) headers = next();
      client.setHeadersAndBody(headers, body(responses));
    });
  };
}

export async function scenarios({ shop, render, vendure, connections }: Urls): Promise<Record<string, Scenario[]>> {
  const slugs: string[] = (
    await graphql(vendure, "{ products(options: { take: 100 }) { items { slug } } }")
  ).data.products.items.map((p: { slug: string }) => p.slug);
  const variants: string[] = (
    await graphql(vendure, "{ products(options: { take: 4 }) { items { variants { id } } } }")
  ).data.products.items
    .flatMap((p: { variants: { id: string }[] }) => p.variants.map((v) => v.id))
    .slice(0, LINES);
  const products: { id: string; path: string; purchaseOptions: { optionId: string }[] }[] = (
    await graphql(`${shop}/graphql`, S_LIST)
  ).data.products;
  const options = products.flatMap((p) => p.purchaseOptions.map((o) => o.optionId)).slice(0, LINES);
  const addBody = (responses: number) => `intent=add&optionId=${options[responses % options.length]}&quantity=1`;

  async function newBags(count: number): Promise<string[]> {
    const cookies: string[] = [];
    for (let i = 0; i < count; i++) {
      const { response } = await post(`${shop}/bag.data`, addBody(0), form);
      const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      if (!cookie.startsWith("bag=")) throw new Error("the shop set no bag cookie");
      cookies.push(cookie);
    }
    return cookies;
  }
  const bagHeaders = (cookies: string[]) => {
    const next = rotate(cookies);
    return () => ({ ...form, cookie: next() });
  };
  const browser = { "accept-encoding": "br, gzip" };
  /** Pages as a browser asks for them: anonymous from the shop with its page cache, or rendered, with a bag. */
  const page = (key: string, title: string, paths: string[], rendered: boolean): Scenario => ({
    key,
    side: "shop",
    title,
    ...(rendered ? { process: "render" as const } : {}),
    options: async () => {
      const next = rotate(paths);
      const headers: Record<string, string> = rendered ? { ...browser, cookie: (await newBags(1))[0] as string } : browser;
      return {
        url: rendered ? render : shop,
        headers,
        requests: [{ setupRequest: (r) => ({ ...r, path: next() }), onResponse: counting(httpFailed) }],
      };
    },
  });
  const paths = products.map((p) => p.path);

  return {
    list: [
      {
        key: "V-search",
        side: "vendure",
        title: "Vendure search(take: 20, groupByProduct)",
        options: async () => ({
          url: vendure,
          method: "POST",
          headers: json,
          body: JSON.stringify({ query: V_SEARCH }),
          requests: [{ onResponse: counting(graphqlFailed) }],
        }),
      },
      {
        key: "S-products-gql",
        side: "shop",
        title: "shop GraphQL products",
        options: async () => ({
          url: `${shop}/graphql`,
          method: "POST",
          headers: json,
          body: JSON.stringify({ query: S_LIST }),
          requests: [{ onResponse: counting(graphqlFailed) }],
        }),
      },
      page("S-listing", `shop ${LISTING_PAGE}, anonymous (kept page)`, [LISTING_PAGE], false),
      page("S-listing-render", `shop ${LISTING_PAGE} rendered for a visitor with a bag`, [LISTING_PAGE], true),
    ],
    product: [
      {
        key: "V-product",
        side: "vendure",
        title: `Vendure product(slug) over ${slugs.length} products`,
        options: async () => {
          const next = rotate(slugs);
          const body = () => JSON.stringify({ query: V_PRODUCT, variables: { slug: next() } });
          return {
            url: vendure,
            method: "POST",
            headers: json,
            requests: [{ setupRequest: (r) => ({ ...r, body: body() }), onResponse: counting(graphqlFailed) }],
          };
        },
      },
      {
        key: "S-product-gql",
        side: "shop",
        title: `shop GraphQL product(id) over ${products.length} products`,
        options: async () => {
          const next = rotate(products.map((p) => p.id));
          const body = () => JSON.stringify({ query: S_PRODUCT, variables: { id: next() } });
          return {
            url: `${shop}/graphql`,
            method: "POST",
            headers: json,
            requests: [{ setupRequest: (r) => ({ ...r, body: body() }), onResponse: counting(graphqlFailed) }],
          };
        },
      },
      page("S-product-page", `shop product pages over ${paths.length}, anonymous (kept pages)`, paths, false),
      page("S-product-render", `shop product pages over ${paths.length} rendered for a visitor with a bag`, paths, true),
    ],
    add: [
      {
        key: "V-add",
        side: "vendure",
        title: `Vendure addItemToOrder, a cart per connection, ${variants.length} variants`,
        options: async () => {
          const tokens: string[] = [];
          for (let i = 0; i < connections; i++) {
            const { token } = await graphql(vendure, V_ADD, { id: variants[0], qty: 1 });
            if (!token) throw new Error("Vendure set no auth token");
            tokens.push(token);
          }
          const next = rotate(tokens);
          const body = (n: number) => JSON.stringify({ query: V_ADD, variables: { id: variants[n % variants.length], qty: 1 } });
          return {
            url: vendure,
            method: "POST",
            setupClient: perConnection(() => ({ ...json, authorization: `Bearer ${next()}` }), body, Number.MAX_SAFE_INTEGER),
            requests: [{ onResponse: counting(graphqlFailed) }],
          };
        },
      },
      {
        key: "S-add-data",
        side: "shop",
        title: `shop POST /bag.data, a bag per connection, ${options.length} options`,
        options: async () => ({
          url: `${shop}/bag.data`,
          method: "POST",
          setupClient: perConnection(bagHeaders(await newBags(connections * 8)), addBody, ADDS_PER_BAG),
          requests: [{ onResponse: counting(bagDataFailed) }],
        }),
      },
      {
        key: "S-add-form",
        side: "shop",
        title: "shop POST /bag as a plain form (no JavaScript), 303, then the bag page it leads to; per add",
        requestsPerUnit: 2,
        options: async () => {
          const next = rotate(await newBags(connections * 8));
          const added = (status: number) => {
            if (status !== 303) failures++;
          };
          return {
            url: shop,
            setupClient: (client: Client) => {
              let cookie = next();
              let adds = 0;
              client.setRequests([
                {
                  method: "POST",
                  path: "/bag",
                  setupRequest: (r) => {
                    if (++adds % ADDS_PER_BAG === 0) cookie = next();
                    return { ...r, headers: { ...form, cookie }, body: addBody(adds) };
                  },
                  onResponse: added,
                },
                {
                  method: "GET",
                  path: "/bag?done=added",
                  setupRequest: (r) => ({ ...r, headers: { ...browser, cookie } }),
                  onResponse: counting(httpFailed),
                },
              ]);
            },
          };
        },
      },
    ],
  };
}
