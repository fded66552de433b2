/** The pages a first-time buyer looks for before paying, as the header and footer link them. */
export type SiteLink = { href: string; title: string };

export const TRACK_ORDER_LINK: SiteLink = { href: "/order", title: "Track an order" };
export const HELP_LINK: SiteLink = { href: "/help", title: "Help centre" };
export const CONTACT_LINK: SiteLink = { href: "/help#contact", title: "Contact us" };

export const CUSTOMER_SERVICE_LINKS: SiteLink[] = [
  TRACK_ORDER_LINK,
  HELP_LINK,
  CONTACT_LINK,
  { href: "/calorie-calculator", title: "Calorie calculator" },
];

export const COMPANY_LINKS: SiteLink[] = [
  { href: "/about-us", title: "About us" },
  { href: "/careers", title: "Careers" },
  { href: "/sustainability", title: "Sustainability" },
];

export const LEGAL_LINKS: SiteLink[] = [
  { href: "/privacy-policy", title: "Privacy policy" },
  { href: "/terms-and-conditions", title: "Terms and conditions" },
];
