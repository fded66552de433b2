/**
 * A date or a time as the shop writes it ("Fri, 27 Nov 2026, 10:35 am"), kept on one line: a narrow
 * screen breaks the sentence around it, never inside it.
 */
export function When({ children }: { children: string }) {
  return <span className="whitespace-nowrap">{children}</span>;
}
