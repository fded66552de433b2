import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/layouts/shop-layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx"),
    route("shop/sale", "routes/shop-sale.tsx"),
    route("shop/lean-up-calorie-burning/lmt", "routes/lean-up-guide.tsx"),
    route("shop/:series", "routes/shop-series.tsx"),
    route("shop/:series/:productId", "routes/product.tsx"),
    route("bag", "routes/bag.tsx"),
    route("order", "routes/orders/order-lookup.tsx"),
    route("order/:invoiceId", "routes/orders/order-invoice.tsx"),
    route("order-details/:invoiceId", "routes/orders/order-details.tsx"),
    route("member", "routes/member/member-home.tsx"),
    route("member/login", "routes/member/login.tsx"),
    route("member/account", "routes/member/account.tsx"),
    route("member/link", "routes/member/link.tsx"),
    route("member/redeem/:redemptionProductId", "routes/member/redeem.tsx"),
    route("member/earn-points", "routes/member/earn-points.tsx"),
    route("member/logout", "routes/member/logout.tsx"),
    route("404", "routes/not-found.tsx"),
    route("*", "routes/catch-all.tsx"),
  ]),
  route("order/:invoiceId/invoice.pdf", "routes/orders/invoice-pdf.ts"),
  layout("routes/layouts/checkout-layout.tsx", [
    route("checkout/summary", "routes/checkout/summary.tsx"),
    route("checkout/shipping", "routes/checkout/shipping.tsx"),
    route("checkout/complete/:sessionId", "routes/checkout/complete.tsx"),
    route("pay/test/:sessionId", "routes/checkout/test-payment.tsx"),
  ]),
] satisfies RouteConfig;
