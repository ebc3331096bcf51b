export {
  cataloguePageQuery,
  followBody,
  productIdQuery,
  productSearchQuery,
  saveProductBody,
  shopIdQuery,
  shopProductsQuery,
  suggestionsQuery,
} from '@marketplace/shared/contracts';
