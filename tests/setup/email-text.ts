/** The plain-text part of an .eml file, its quoted-printable undone. */
export function emailText(eml: string): string {
  const part = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(eml)?.[1] ?? "";
  const bytes = part.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, "%25")).replace(/\r\n/g, "\n");
}
