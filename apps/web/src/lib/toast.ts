/**
 * The one place the app takes `toast` from. The unstyled build leaves the styles to the bundled
 * stylesheet (no style injection at run time), and calls and container must share a module.
 * Toasts raised before the container has loaded wait in the library's queue.
 */
export { toast } from 'react-toastify/unstyled';
