import type { RouteDefinition } from '@marketplace/shared';
import { lazy } from 'react';

// This remote's routes, written once: the build publishes their metadata as routes.json (the
// shell's tab bar, history, guard and titles read it) and `./screens` shows each path's screen.
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

export const routes = [
  {
    path: '/index',
    titleKey: 'catalogue:title.home',
    public: true,
    keepAlive: true,
    tabOf: '/home',
    history: 'reset',
    screen: HomeScreen,
  },
  {
    path: '/home',
    titleKey: 'catalogue:title.home',
    public: true,
    keepAlive: true,
    tab: { order: 1, icon: 'home', labelKey: 'common:tab.home' },
    history: 'reset',
    screen: HomeScreen,
  },
  {
    path: '/explore',
    titleKey: 'catalogue:title.explore',
    public: true,
    keepAlive: true,
    tab: { order: 2, icon: 'explore', labelKey: 'common:tab.explore' },
    history: 'reset',
    screen: ExploreScreen,
  },
  {
    path: '/bag',
    titleKey: 'catalogue:title.bag',
    public: false,
    keepAlive: true,
    tab: { order: 3, icon: 'bag', labelKey: 'common:tab.bag' },
    history: 'reset',
    screen: BagScreen,
  },
  {
    path: '/filter',
    titleKey: 'catalogue:title.filter',
    public: false,
    keepAlive: true,
    history: 'reset',
    screen: FilterScreen,
  },
  { path: '/search', titleKey: 'catalogue:title.search', public: true, keepAlive: false, screen: SearchScreen },
  // `/searchs` lists a keyword's results; `/products` the filter's: the same list screen.
  { path: '/searchs', titleKey: 'catalogue:title.searchs', public: true, keepAlive: false, screen: ProductListScreen },
  { path: '/popular', titleKey: 'catalogue:title.popular', public: false, keepAlive: false, screen: PopularScreen },
  {
    path: '/products',
    titleKey: 'catalogue:title.products',
    public: false,
    keepAlive: false,
    screen: ProductListScreen,
  },
  {
    path: '/detail/:product?/:mer?',
    titleKey: 'catalogue:title.detail',
    public: true,
    keepAlive: false,
    screen: DetailScreen,
  },
  { path: '/shop/:id?', titleKey: 'catalogue:title.shop', public: true, keepAlive: false, screen: ShopScreen },
  {
    path: '/myFavourite',
    titleKey: 'catalogue:title.myFavourite',
    public: false,
    keepAlive: false,
    screen: FavouriteShopsScreen,
  },
  { path: '/heart', titleKey: 'catalogue:title.heart', public: false, keepAlive: false, screen: HeartScreen },
] satisfies RouteDefinition[];
