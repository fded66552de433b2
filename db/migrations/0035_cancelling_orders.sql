-- An order whose cancel is waiting for the payment provider is `cancelling`, which shipping refuses.
UPDATE "orders" SET "status" = 'cancelling'
WHERE "status" = 'paid'
  AND EXISTS (
    SELECT 1 FROM "refunds"
    WHERE "refunds"."order_id" = "orders"."id" AND "refunds"."status" = 'pending' AND "refunds"."cancels_order"
  );
