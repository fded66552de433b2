/**
 * A line's name as the bag writes it: the product, then how many of its option ("… 8-serving box × 2"),
 * so the option's own count ("1 Box") reads as what one of them is, not as a second quantity.
 */
export function LineTitle({ title, quantity }: { title: string; quantity: number }) {
  return (
    <p className="font-medium">
      {title}
      {quantity > 1 && <span className="whitespace-nowrap"> × {quantity}</span>}
    </p>
  );
}
