import React, { lazy } from 'react';
import { loadLocaleFile, registerReactCopy, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_catalogue');

const HomeScreen = lazy(() => import('../features/home/components/home-screen'));
const ExploreScreen = lazy(() => import('../features/explore/components/explore-screen'));
const BagScreen = lazy(() => import('../features/bag/components/bag-screen'));
const FilterScreen = lazy(() => import('../features/filter/components/filter-screen'));
const SearchScreen = lazy(() => import('../features/search/components/search-screen'));
const ProductListScreen = lazy(() => import('../features/products/components/product-list-screen'));
const PopularScreen = lazy(() => import('../features/products/components/popular-screen'));
const HeartScreen = lazy(() => import('../features/products/components/heart-screen'));
const DetailScreen = lazy(() => import('../features/detail/components/detail-screen'));
const ShopScreen = lazy(() => import('../features/shops/components/shop-screen'));
const FavouriteShopsScreen = lazy(() => import('../features/shops/components/favourite-shops-screen'));

const catalogue: RemoteModule = {
  namespace: 'catalogue',
  // This build's language files (static assets beside remoteEntry.js), fetched by URL.
  loadMessages: (lang) => loadLocaleFile(lang, `${__webpack_public_path__}${process.env.LOCALES_DIR}/catalogue`),
  screens: {
    '/index': HomeScreen,
    '/home': HomeScreen,
    '/explore': ExploreScreen,
    '/bag': BagScreen,
    '/filter': FilterScreen,
    '/search': SearchScreen,
    // `/searchs` lists a keyword's results; `/products` the filter's: the same list screen.
    '/searchs': ProductListScreen,
    '/products': ProductListScreen,
    '/popular': PopularScreen,
    '/detail/:product?/:mer?': DetailScreen,
    '/shop/:id?': ShopScreen,
    '/myFavourite': FavouriteShopsScreen,
    '/heart': HeartScreen,
  },
};

export default catalogue;
