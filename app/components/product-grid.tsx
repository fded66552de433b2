import { ProductCard, type ProductCardData } from "./product-card.tsx";
import { Kept } from "./rendered-once.tsx";

/** The cards a wide screen shows in its first row: their photos load with the page, the first one first. */
const FIRST_ROW = 3;

/**
 * Cards in a grid. A page whose grid opens
 * below the first screen (the shop's later lines) says so, and its photos load as they come into view.
 * The cards show only what they are given, so a grid is rendered once for the cards it shows.
 */
export function ProductGrid({ cards, first = true }: { cards: readonly ProductCardData[]; first?: boolean }) {
  return (
    <Kept as="ul" name={`grid ${first} ${JSON.stringify(cards)}`} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, index) => (
        <li key={card.id} className="flex">
          <ProductCard card={card} fetching={!first || index >= FIRST_ROW ? "lazy" : index === 0 ? "first" : "eager"} />
        </li>
      ))}
    </Kept>
  );
}
