/** The admin dashboard's Requests tab (the staff console), loaded on demand (a module of its own for React.lazy). */
export { default } from './components/requests-tab';
