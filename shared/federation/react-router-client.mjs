// What the shared `react-router-dom` singleton provides: the part of react-router's client API the
// apps use (the shell's declarative router on the browser's history, links, hooks, and the memory
// router of a remote served alone), without its framework and server half (SSR, RSC, sessions,
// cookies, request handlers) nor its data router (createBrowserRouter, RouterProvider, loaders,
// actions, fetchers, Form, Await, ScrollRestoration, ...: ~17 KB gzip no app uses).
// A shared module cannot be tree-shaken by its consumers (any of them may use any export), so this
// list is its tree-shaking. An app importing a name missing here fails its build
// (exportsPresence: 'error'): add the name here when an app starts to use it.
export {
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  UNSAFE_createBrowserHistory,
  matchRoutes,
  unstable_HistoryRouter,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
