import { ProductCard, type ProductCardData } from "./product-card.tsx";

/** Cards in a grid; the page renders one PackSprite for all its cards' pictures. */
export function ProductGrid({ cards }: { cards: readonly ProductCardData[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.id} className="flex">
          <ProductCard card={card} />
        </li>
      ))}
    </ul>
  );
}
