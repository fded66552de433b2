import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("shop/sale", "routes/shop-sale.tsx"),
  route("shop/lean-up-calorie-burning/lmt", "routes/lean-up-guide.tsx"),
  route("shop/:series", "routes/shop-series.tsx"),
  route("shop/:series/:productId", "routes/product.tsx"),
  route("bag", "routes/bag.tsx"),
  route("404", "routes/not-found.tsx"),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
