import { markToastsInDemand } from './toast-demand';

/**
 * The one place the app takes `toast` from. The unstyled build leaves the styles to the bundled
 * stylesheet (no style injection at run time), and calls and container must share a module.
 * Loading this module brings the toast container in; toasts raised before it has mounted wait in
 * the library's queue.
 */
export { toast } from 'react-toastify/unstyled';

markToastsInDemand();
