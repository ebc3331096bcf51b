// antd-mobile's Toast (and the Mask and react-spring under it): loaded on the first toast, not at start-up.
import { Toast } from 'antd-mobile';

export { Toast };
