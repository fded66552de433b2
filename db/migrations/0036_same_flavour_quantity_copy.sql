-- A box's quantity price is for boxes of one flavour: boxes of different flavours are priced one by one.
UPDATE "products" SET "description" = replace("description",
  'Mix flavours across boxes and save on two or three.',
  'Choose 2 or 3 boxes of one flavour at a lower price per box.')
WHERE "description" LIKE '%Mix flavours across boxes and save on two or three.%';
