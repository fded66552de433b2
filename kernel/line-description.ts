type DescribedLine = { productName: string; flavourName: string | null; optionName: string };

/** "Flavour · Option", the detail under a product name. */
export function lineDetail(line: Pick<DescribedLine, "flavourName" | "optionName">): string {
  return [line.flavourName, line.optionName].filter(Boolean).join(" · ");
}

/** "Product · Flavour · Option", a line in one string (payment pages, invoices, emails). */
export function lineDescription(line: DescribedLine): string {
  return [line.productName, lineDetail(line)].filter(Boolean).join(" · ");
}
