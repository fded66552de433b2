import type { HelpLink } from "../../components/help-layout.tsx";
import type { ContentLibrary } from "./content-library.server.ts";

const linkOf = ({ id, title, path }: HelpLink): HelpLink => ({ id, title, path });

/** What every help page lists beside its text: the topics and the product lines, without their text. */
export function helpLinks(library: ContentLibrary): { sections: HelpLink[]; productSections: HelpLink[] } {
  return { sections: library.helpSections.map(linkOf), productSections: library.productHelp.map(linkOf) };
}
