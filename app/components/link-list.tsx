import { Link } from "react-router";
import type { SiteLink } from "../lib/site-links.ts";

/** A navigation's links as a list: the service bar's, the footer's, the checkout's. */
export function LinkList({ links, className, linkClassName }: { links: SiteLink[]; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <Link to={link.href} className={linkClassName}>
            {link.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
