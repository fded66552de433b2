import { createContext, createElement, Fragment, type ReactElement, type ReactNode, useContext } from "react";

/**
 * Markup for a part that is the same on every page it is on, by a key that says all it shows, made
 * once; given on the server only (`rendered-once.server.ts`). Pack drawings were a sixth of a
 * listing's render, its cards, footer and shop links another sixth. The browser renders the same
 * elements, so hydration finds them in place. A part must not call `useId` (its ids would differ from the page's)
 * nor read the page's location or data: all it shows comes from its key's values.
 */
export const RenderedOnce = createContext<((key: string, part: ReactElement, inSvg: boolean) => string) | null>(null);

type KeptTag = "g" | "ul" | "footer";

/** An element whose children are rendered once per `name`, on the server; in the browser as they are. */
export function Kept({
  as: Tag,
  name,
  id,
  className,
  children,
}: {
  as: KeptTag;
  name: string;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const renderedOnce = useContext(RenderedOnce);
  if (!renderedOnce) {
    return (
      <Tag id={id} className={className}>
        {children}
      </Tag>
    );
  }
  const markup = { __html: renderedOnce(name, createElement(Fragment, null, children), Tag === "g") };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own elements, rendered by React on the server.
  return <Tag id={id} className={className} dangerouslySetInnerHTML={markup} />;
}
