import type { SeriesCode } from "../../kernel/series.ts";

export type Flavour = { code: string; name: string };

export const FLAVOURS: Record<SeriesCode, readonly Flavour[]> = {
  m: [
    { code: "ba", name: "Berries Acai" },
    { code: "yd", name: "Yuzu Delight" },
    { code: "sb", name: "Strawberry Bliss" },
    { code: "ll", name: "Lychee Luxe" },
    { code: "pb", name: "Passionfruit Blossom" },
  ],
  v: [
    { code: "cz", name: "Citrus Zing" },
    { code: "st", name: "Sweet Sour Tang" },
  ],
  j: [
    { code: "bb", name: "Blueberry" },
    { code: "yz", name: "Yuzu" },
  ],
  l: [
    { code: "yc", name: "Yuzu Clementine" },
    { code: "cp", name: "Calamansi Pomelo" },
    { code: "ca", name: "Cranberry Apple" },
    { code: "rc", name: "Raspberry Chia Seeds" },
    { code: "gg", name: "Grape Gooseberry" },
    { code: "av", name: "Apple Cider Vinegar" },
    { code: "ts", name: "Tangerine Strawberry" },
  ],
};

export const SERIES_COPY: Record<SeriesCode, { tagline: string; description: string }> = {
  m: {
    tagline: "Marine collagen nectar for skin that glows",
    description:
      "Luna Collagen pairs 5,000 mg of low-molecular marine collagen with vitamin C and fruit nectar. One sachet a day supports skin elasticity and hydration, and it tastes like dessert.",
  },
  v: {
    tagline: "Five-vitamin shots for busy days",
    description:
      "V5 Vitality is a concentrated shot of vitamins B3, B6, B12, C and E with ginseng extract. Knock one back in the morning for steady energy without the sugar crash.",
  },
  j: {
    tagline: "Jelly coffee with fibre, ready anywhere",
    description:
      "Joffee is a drinkable coffee jelly with Arabica cold brew and prebiotic fibre. Squeeze, sip and go: a treat that keeps you full between meals.",
  },
  l: {
    tagline: "Calorie-burning nectar that tastes like fruit",
    description:
      "Lean Up blends green coffee bean, L-carnitine and garcinia cambogia into a light fruit nectar. Take it before a workout or a meal to support your metabolism.",
  },
};
