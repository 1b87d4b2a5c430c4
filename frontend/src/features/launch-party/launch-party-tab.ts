/** The admin dashboard's Launch Party tab, loaded on demand (a module of its own for React.lazy). */
export { default } from './components/launch-party-tab';
