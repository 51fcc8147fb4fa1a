-- One active cart per owner and store. Two first adds to the cart at the same moment (two tabs, a double click) each
-- found no cart and each made one; the second cart's lines were then out of sight of the cart page. Existing
-- duplicates are folded first as sign-in folds them (CartService.adoptSessionCart): the newest cart keeps the lines of
-- the others, which become 'merged'.
WITH ranked AS (
  SELECT quote_id, first_value(quote_id) OVER w AS keep
  FROM carts WHERE status = 'active' AND user_id IS NOT NULL
  WINDOW w AS (PARTITION BY user_id, store_id ORDER BY updated_at DESC, quote_id DESC)
), moved AS (
  UPDATE cart_items i SET quote_id = r.keep FROM ranked r WHERE i.quote_id = r.quote_id AND r.quote_id <> r.keep
)
UPDATE carts c SET status = 'merged' FROM ranked r WHERE c.quote_id = r.quote_id AND r.quote_id <> r.keep;--> statement-breakpoint
WITH ranked AS (
  SELECT quote_id, first_value(quote_id) OVER w AS keep
  FROM carts WHERE status = 'active' AND user_id IS NULL AND session_hash IS NOT NULL
  WINDOW w AS (PARTITION BY session_hash, store_id ORDER BY updated_at DESC, quote_id DESC)
), moved AS (
  UPDATE cart_items i SET quote_id = r.keep FROM ranked r WHERE i.quote_id = r.quote_id AND r.quote_id <> r.keep
)
UPDATE carts c SET status = 'merged' FROM ranked r WHERE c.quote_id = r.quote_id AND r.quote_id <> r.keep;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_active_per_user" ON "carts" USING btree ("user_id","store_id") WHERE status = 'active' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_one_active_per_session" ON "carts" USING btree ("session_hash","store_id") WHERE status = 'active' and user_id is null;