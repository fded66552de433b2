/** A content page's body: HTML the server rendered from the merchant's Markdown, raw HTML escaped. */
export function ContentArticle({ html, className = "" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from the shop's own files, with any HTML in them escaped
  return <div className={`content-prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
