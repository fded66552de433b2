-- Boxes of one product in different flavours now count together for its quantity prices (decision 056).
UPDATE "products" SET "description" = replace("description",
  'Choose 2 or 3 boxes of one flavour at a lower price per box.',
  'Mix flavours across boxes and save on two or three.')
WHERE "description" LIKE '%Choose 2 or 3 boxes of one flavour at a lower price per box.%';
