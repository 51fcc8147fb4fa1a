-- Checkout and payment deadlocked on PostgreSQL under concurrent orders (docs/performance.md, "Checkout"). A checkout
-- inserts the order (order_stats_daily row of its day, store and 'pending') and then its items (product_stats_daily
-- row of the product). The payment's `update orders` fires two statement triggers, in the order of their names:
-- `orders_product_stats_update` (product_stats_daily first) before `orders_stats_update` (then order_stats_daily),
-- the opposite order: two such transactions waited on each other. Renamed so that the product rollup's trigger fires
-- after the orders rollup's, every transaction locks order_stats_daily's rows before product_stats_daily's.
ALTER TRIGGER "orders_product_stats_update" ON "orders" RENAME TO "orders_stats_update_products";
