// antd-mobile's PullToRefresh (with react-spring and @use-gesture): loaded after a list is on screen.
import { PullToRefresh } from 'antd-mobile';

export { PullToRefresh };
