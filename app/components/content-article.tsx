import proseStylesheet from "../styles/content-prose.css?inline";

/**
 * A content page's body: HTML the server rendered from the merchant's Markdown, raw HTML escaped.
 * Its typography comes along as one `<style>` that React puts in the head once, so that the other
 * pages' documents stay without it (decision 013).
 */
export function ContentArticle({ html, className = "" }: { html: string; className?: string }) {
  return (
    <>
      <style href="content-prose" precedence="content">
        {proseStylesheet}
      </style>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from the shop's own files, with any HTML in them escaped */}
      <div className={`content-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
