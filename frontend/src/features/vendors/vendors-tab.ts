/** The admin dashboard's Vendors tab, loaded on demand (a module of its own for React.lazy). */
export { default } from './components/vendors-tab';
