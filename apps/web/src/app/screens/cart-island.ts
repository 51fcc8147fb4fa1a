// The cart's island (a page hydrated as islands: islands.tsx), a chunk of its own, which the server names on the cart
// it renders for a visitor (apps/server: page-preloads.ts `islands('cart')`). No module here imports the router.
export { CartIsland } from '../../features/cart/routes/cart-island';
