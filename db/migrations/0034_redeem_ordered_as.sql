ALTER TABLE "redeems" ADD COLUMN "ordered_as" jsonb;--> statement-breakpoint
UPDATE "redeems" SET "ordered_as" = (
  SELECT jsonb_build_object('rewardName', coalesce(r.name, 'Reward'), 'productName', p.name, 'optionName', o.option_name, 'flavourName', o.flavour_name)
  FROM purchase_options o
  JOIN products p ON p.id = o.product_id
  LEFT JOIN rewards r ON r.id = "redeems"."reward_id"
  WHERE o.option_id = "redeems"."option_id"
) WHERE "status" = 'Ordered';
