/**
 * The sellers module's public file (docs/decisions/0011-seller-accounts.md): what other modules and the
 * composition root may import from it. Nothing else of the folder is imported from outside it.
 */
export { sellersModule } from './sellers.module';
export { SELLER_ROUTE_ACCESS } from './seller-auth';
