// The toast library's stylesheet comes with its script: pages that raise no toast load neither.
import 'react-toastify/ReactToastify.css';
import './toast.css';

export { ToastContainer } from 'react-toastify/unstyled';
